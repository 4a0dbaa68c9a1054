import type { Browser, BrowserContext } from "playwright-core";
import { PHONE_TOUCH } from "./browser";
import { signInInBrowser } from "./staff-browser";
import type { TestServer } from "./test-server";

/** The cookies of a browser that has signed in to the staff app: handed to each new context of a file. */
export type StaffSession = Awaited<ReturnType<BrowserContext["cookies"]>>;

/**
 * Signs in once in a browser of its own (at 390 px, as staff do) and keeps its cookies, so that a file's
 * tests open signed-in contexts without signing in again. Each sign-in of an account needs a TOTP step it
 * has not used (the server refuses a replayed code), so a second sign-in within the same 30 s waits for
 * the next step: up to half a minute a sign-in, for a file whose tests are about the screens behind it.
 * The sign-in itself is the subject of tests/e2e/staff-accounts.test.ts and tests/e2e/staff-pages.test.ts.
 */
export async function signInOnce(browser: Browser, server: TestServer, email: string, password: string): Promise<StaffSession> {
  const context = await browser.newContext({ baseURL: server.url, ...PHONE_TOUCH });
  try {
    await signInInBrowser(await context.newPage(), server, email, password);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/**
 * A fresh context (its own storage, cache and service workers) that carries the session's cookies and
 * nothing else of the browser that signed in. `options` are `browser.newContext`'s.
 */
export async function signedInContext(
  browser: Browser,
  session: StaffSession,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies(session);
  return context;
}
