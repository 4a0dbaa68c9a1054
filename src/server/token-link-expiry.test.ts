import { describe, expect, it } from "vitest";
import { tokenLinkExpired } from "./token-link-expiry.server";

describe("tokenLinkExpired", () => {
  it("keeps a link 30 days past its figures' last day, then expires it", () => {
    expect(tokenLinkExpired("2026-11-28", "2026-11-28")).toBe(false);
    expect(tokenLinkExpired("2026-11-28", "2026-12-28")).toBe(false);
    expect(tokenLinkExpired("2026-11-28", "2026-12-29")).toBe(true);
    expect(tokenLinkExpired("2026-02-27", "2026-03-30")).toBe(true);
  });
});
