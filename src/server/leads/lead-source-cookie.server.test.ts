import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import {
  decodeLeadSource,
  encodeLeadSource,
  leadSourceCookie,
  leadSourceFromCookieHeader,
  leadSourceSetCookie,
  visitSource,
} from "./lead-source-cookie.server";

const OWN = ["www.dealer.test", "127.0.0.1"];

describe("the lead source cookie", () => {
  it("reads a campaign visit and a referral's host, never the address visited, and no source for a direct visit or one from our own pages", () => {
    expect(visitSource("/?utm_source=google&utm_campaign=fall", undefined, OWN)).toEqual({ utmSource: "google", utmCampaign: "fall" });
    expect(visitSource("/inventory", "https://www.bing.com/search?q=cars", OWN)).toEqual({ referrer: "www.bing.com" });
    expect(visitSource("/inventory", "https://www.dealer.test/", OWN)).toBeNull();
    expect(visitSource("/inventory", "http://127.0.0.1:3000/contact", OWN)).toBeNull();
    expect(visitSource("/inventory", undefined, OWN)).toBeNull();
    // The review's L-7: a token page's address never reaches the cookie (the route table keeps such pages out too).
    expect(visitSource("/%64eal/dZvfA1b2C3d4?utm_source=x", "https://evil.example/", OWN)).toEqual({
      utmSource: "x",
      referrer: "evil.example",
    });
  });

  it("round-trips through the cookie value, and a Set-Cookie stays within 1 KB", () => {
    const source = { referrer: "www.google.com", utmSource: "google", gclid: "a".repeat(200), fbclid: "b".repeat(200) };
    expect(decodeLeadSource(encodeLeadSource(source))).toEqual(source);
    const line = leadSourceSetCookie({ ...source, utmMedium: "m".repeat(100), utmCampaign: "c".repeat(100) }, true)!;
    expect(line.length).toBeLessThanOrEqual(1024);
    expect(line).toMatch(/^lead_source=.*; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const pair = line.split(";", 1)[0]!;
    expect(leadSourceFromCookieHeader(`other=1; ${pair}`)).toMatchObject({ utmSource: "google", utmCampaign: "c".repeat(100) });
    expect(leadSourceFromCookieHeader("lead_source=%E0%A4%A")).toBeNull();
    expect(leadSourceFromCookieHeader(undefined)).toBeNull();
  });

  it("records only a shopper's landing (the route table says which: src/app/http/route-table.test.ts)", () => {
    const middleware = leadSourceCookie("https://www.dealer.test", (res) => (res as unknown as { landing: boolean }).landing);
    const setCookies = (url: string) => {
      const appended: string[] = [];
      const req = {
        method: "GET",
        path: url.split("?")[0]!,
        originalUrl: url,
        headers: {},
        secure: false,
        get: (name: string) => (name === "referer" ? "https://mail.google.com/" : name === "host" ? "www.dealer.test" : undefined),
      } as unknown as Request;
      const landing = url.startsWith("/?");
      const res = { landing, append: (_name: string, value: string) => appended.push(value) } as unknown as Response;
      middleware(req, res, () => undefined);
      return appended;
    };
    expect(setCookies("/?utm_source=google")).toHaveLength(1);
    for (const url of [
      "/booking/manage/abcdef?utm_source=x",
      "/es/trade-in/offer/abcdef",
      "/pt/deal/abcdef",
      "/podium/setup?token=abc",
      "/inventory.data?utm_source=google",
      "/favicon.ico",
    ]) {
      expect(setCookies(url), url).toEqual([]);
    }
  });
});
