import type { Page } from "playwright-core";
import { expect } from "vitest";
import { describeViolations, PHONE_TOUCH, seriousAxeViolations } from "./browser";
import { enrolledSecret, freshCode, noteStepUsed } from "./staff-sign-in";
import type { TestServer } from "./test-server";

/**
 * Signs in at /podium the way a person does (it sends them to /podium/sign-in): e-mail and password,
 * then either the enrollment screen (reads the key shown as text, as one would type it into an app;
 * goes on past the recovery codes) or the code screen. Resolves when the staff app's first screen shows.
 */
export async function signInInBrowser(
  page: Page,
  server: TestServer,
  email: string,
  password: string,
  /** `stay`: sign in on the sign-in page the browser is on (it goes back where it was sent from). */
  options: { stay?: boolean } = {},
): Promise<{ recoveryCodes: string[] }> {
  if (!options.stay) await page.goto("/podium");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const enroll = page.getByRole("heading", { name: "Set up two-step verification" });
  const code = page.getByRole("heading", { name: "Two-step verification" });
  await enroll.or(code).waitFor();
  let recoveryCodes: string[] = [];
  if (await enroll.isVisible()) {
    const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
    const next = await freshCode(secret);
    noteStepUsed(server, email, secret, next.step);
    await page.getByLabel("Code", { exact: true }).fill(next.code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts();
    await page.getByRole("link", { name: "I have saved my codes" }).click();
  } else {
    const known = enrolledSecret(server, email);
    if (!known) throw new Error(`${email} is enrolled, but not by this test process`);
    const next = await freshCode(known.secret, known.lastStep);
    noteStepUsed(server, email, known.secret, next.step);
    await page.getByLabel("Code", { exact: true }).fill(next.code);
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await page.getByTestId("signed-in-as").waitFor({ state: "attached" });
  return { recoveryCodes };
}

/** Each staff screen's address (docs/behaviour.md §2 Staff app), by the name the navigation gives it. */
export const STAFF_SCREEN_PATHS = {
  Leads: "/podium/leads",
  Customers: "/podium/customers",
  Today: "/podium/today",
  Deals: "/podium/deals",
  "Trade-ins": "/podium/trade-ins",
  Messages: "/podium/messages",
  Vehicles: "/podium/vehicles",
  Bookings: "/podium/bookings",
  Services: "/podium/services",
  "Financing Apps": "/podium/financing",
  "Lead Report": "/podium/reports/leads",
  "Visitor Reports": "/podium/reports/visitors",
  "Alerts Report": "/podium/reports/alerts",
  Staff: "/podium/staff",
  "Audit Log": "/podium/audit",
  Outbox: "/podium/outbox",
  Settings: "/podium/settings",
} as const;
export type StaffScreenName = keyof typeof STAFF_SCREEN_PATHS;

/** Opens a staff screen by its URL, as a bookmark or a shared link would, and waits for its heading. */
export async function openStaffScreen(page: Page, name: StaffScreenName): Promise<void> {
  await page.goto(STAFF_SCREEN_PATHS[name]);
  await page.getByRole("heading", { level: 1, name: name === "Today" ? "My tasks" : name, exact: true }).waitFor();
}

/**
 * The screens the navigation offers, by name, in its order: the side navigation on a large screen,
 * the phone's "More" list otherwise (it holds every screen; the bottom bar repeats the first four).
 */
export async function navigationScreens(page: Page): Promise<string[]> {
  const side = page.getByRole("navigation", { name: "Staff screens" });
  if (await side.isVisible()) return side.locator("[data-screen-label]").allInnerTexts();
  const more = page.getByRole("navigation", { name: "Shortcuts" }).locator("details");
  // `open` is a boolean attribute: present (its value "") when open.
  if ((await more.getAttribute("open")) === null) await more.locator("summary").click();
  const labels = more.locator("[data-screen-label]");
  await labels.first().waitFor({ state: "visible" });
  const names = await labels.allInnerTexts();
  await more.locator("summary").click();
  return names;
}

/**
 * A staff screen as a phone shows it (PHONE_TOUCH): axe finds nothing serious or critical, and nothing is
 * wider than the screen (a phone would zoom the page out, or scroll it sideways).
 */
export async function expectWorksOnPhone(page: Page, where: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}: ${describeViolations(violations)}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} is wider than the phone`).toBeLessThanOrEqual(
    PHONE_TOUCH.viewport.width,
  );
}
