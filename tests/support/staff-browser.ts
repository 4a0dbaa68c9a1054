import type { Page } from "playwright-core";
import { enrolledSecret, freshCode, noteStepUsed } from "./staff-sign-in";
import type { TestServer } from "./test-server";

/**
 * Signs in at /podium the way a person does: e-mail and password, then either the enrollment
 * screen (reads the key shown as text, as one would type it into an app; saves past the recovery
 * codes) or the code screen. Resolves when the dashboard shows.
 */
export async function signInInBrowser(
  page: Page,
  server: TestServer,
  email: string,
  password: string,
): Promise<{ recoveryCodes: string[] }> {
  await page.goto("/podium");
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
    await page.getByRole("button", { name: "I have saved my codes" }).click();
  } else {
    const known = enrolledSecret(server, email);
    if (!known) throw new Error(`${email} is enrolled, but not by this test process`);
    const next = await freshCode(known.secret, known.lastStep);
    noteStepUsed(server, email, known.secret, next.step);
    await page.getByLabel("Code", { exact: true }).fill(next.code);
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await page.getByRole("tablist", { name: "Dashboard sections" }).waitFor();
  return { recoveryCodes };
}
