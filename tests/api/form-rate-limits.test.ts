import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_RATE_LIMIT } from "~/features/booking/booking-api.server";
import { CONTACT_RATE_LIMIT } from "~/features/contact/contact-api.server";
import { FINANCING_RATE_LIMIT } from "~/features/financing/financing-api.server";
import { TRADE_IN_RATE_LIMIT } from "~/features/trade-in/trade-in-api.server";
import { es } from "~/shared/i18n/es";
import { rateLimits as esLimits } from "~/shared/i18n/es/rate-limits";
import { tradeIn as esTradeIn } from "~/shared/i18n/es/trade-in";
import { rateLimits as ptLimits } from "~/shared/i18n/pt/rate-limits";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * A public form's rate limit answers in the language of the page it was posted to: without
 * JavaScript the page itself with the message on it, with JavaScript (React Router's `.data` post)
 * the JSON `{ error }` the form shows. Its own server, so these budgets are spent on no other test.
 */
let server: TestServer;
let nextClient = 1;
const newClient = () => `198.51.100.${nextClient++}`;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.stop();
});

/** A post of an empty form (refused by its schema, nothing stored) from one client. */
const post = (path: string, client: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client, "Sec-Fetch-Site": "same-origin" },
    body: "firstName=",
    redirect: "manual",
  });

/** Spends a client's whole budget on a form, through React Router's post (the cheaper answer). */
async function exhaust(path: string, limit: number, client: string) {
  for (let i = 0; i < limit; i++) {
    const res = await post(`${path}.data`, client);
    expect(res.status, `post ${i + 1}`).not.toBe(429);
    await res.arrayBuffer();
  }
}

describe("a public form's rate limit, in the page's language", () => {
  it.each([
    ["financing", "/es/financing", FINANCING_RATE_LIMIT.limit, esLimits.financing],
    ["contact", "/es/contact", CONTACT_RATE_LIMIT.limit, es.contact.api.tooMany],
    ["booking", "/es/booking", BOOKING_RATE_LIMIT.limit, es.booking.api.tooMany],
    ["trade-in", "/es/trade-in", TRADE_IN_RATE_LIMIT.limit, esTradeIn.api.tooMany],
  ])(
    "%s: the page asked once too often answers with its Spanish page and the message on it, and the JavaScript post with it as JSON",
    async (_form, path, limit, message) => {
      const client = newClient();
      await exhaust(path, limit, client);
      const page = await post(path, client);
      expect(page.status).toBe(429);
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).toMatch(/<html[^>]* lang="es/);
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}<`));
      const data = await post(`${path}.data`, client);
      expect(data.status).toBe(429);
      expect(((await data.json()) as { error: string }).error).toBe(message);
    },
  );

  it("POST /api/financing refused answers in the language of the page that sent it (its Referer), English otherwise", async () => {
    const client = newClient();
    const call = (referer?: string) =>
      fetch(`${server.url}/api/financing`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": client,
          ...(referer ? { Referer: `${server.url}${referer}` } : {}),
        },
        body: "{}",
      });
    for (let i = 0; i < FINANCING_RATE_LIMIT.limit; i++) await (await call()).arrayBuffer();
    const portuguese = await call("/pt/financing");
    expect(portuguese.status).toBe(429);
    expect(((await portuguese.json()) as { error: string }).error).toBe(ptLimits.financing);
    const english = await call();
    expect(((await english.json()) as { error: string }).error).toMatch(/^Too many/);
  });
});
