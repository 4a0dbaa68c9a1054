import { describe, expect, it } from "vitest";
import { documentHydrates } from "~/app/lib/page-hydration";
import { neverHydratedRouteIds } from "~/app/route-manifest.test-helper";

describe("pages that never hydrate (decision 149)", () => {
  it("are the pages whose content never changes after load, in every language, and no other", async () => {
    const pages = [
      "about",
      "privacy",
      "not-found",
      "opt-out",
      "alerts-confirm",
      "alerts-unsubscribe",
      "booking-manage",
      "trade-in-offer",
      "deal-sheet",
    ];
    const expected = ["routes", "es", "pt"].flatMap((prefix) => pages.map((page) => `${prefix}/${page}`));
    expect((await neverHydratedRouteIds()).sort()).toEqual(expected.sort());
  });

  it("a document hydrates unless one of its matched routes says it never does", () => {
    expect(documentHydrates([])).toBe(true);
    expect(documentHydrates([undefined, { handle: { locale: "en" } }, { handle: undefined }])).toBe(true);
    expect(documentHydrates([{ handle: { locale: "en" } }, { handle: { hydrate: false } }])).toBe(false);
    expect(documentHydrates([{ handle: { hydrate: true } }])).toBe(true);
  });
});
