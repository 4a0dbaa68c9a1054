import { describe, expect, it } from "vitest";
import { buyersGuideTerms } from "./buyers-guide-terms";

const dealer = (price: number, mileage: number) =>
  buyersGuideTerms({ price, mileage, warrantyType: "dealer", warrantySystems: null, warrantyDuration: null });

describe("buyersGuideTerms", () => {
  it.each([
    [39_999, "90 days or 3,750 miles, whichever comes first"],
    [40_000, "60 days or 2,500 miles, whichever comes first"],
    [124_999, "30 days or 1,250 miles, whichever comes first"],
  ])("pre-fills the Massachusetts terms at %i miles", (mileage, duration) => {
    const terms = dealer(12_695, mileage);
    expect(terms.box).toBe("dealer");
    expect(terms.dealer).toMatchObject({ laborPercent: 100, partsPercent: 100, duration });
    expect(terms.dealer?.systems).toMatch(/use or safety.*7N¼/);
  });

  it("requires no warranty at 125,000 miles or for a $650 vehicle", () => {
    expect(dealer(12_695, 125_000).statutory).toBeNull();
    expect(dealer(12_695, 125_000).dealer).toMatchObject({ systems: "", duration: "" });
    expect(dealer(650, 20_000).statutory).toBeNull();
    expect(
      buyersGuideTerms({ price: 650, mileage: 20_000, warrantyType: "as_is", warrantySystems: null, warrantyDuration: null }),
    ).toMatchObject({
      box: "as_is",
      version: "as_is",
      dealer: null,
      violatesLaw: false,
    });
  });

  it("flags 'as is' where the law requires a warranty, and keeps the dealer's own terms", () => {
    expect(
      buyersGuideTerms({ price: 12_695, mileage: 39_999, warrantyType: "as_is", warrantySystems: null, warrantyDuration: null }),
    ).toMatchObject({
      violatesLaw: true,
      statutory: { days: 90, miles: 3_750 },
    });
    const own = buyersGuideTerms({
      price: 12_695,
      mileage: 10_000,
      warrantyType: "dealer",
      warrantySystems: "Engine, transmission",
      warrantyDuration: "6 months",
    });
    expect(own.dealer).toMatchObject({ systems: "Engine, transmission", duration: "6 months" });
    expect(
      buyersGuideTerms({ price: 12_695, mileage: 10_000, warrantyType: "implied", warrantySystems: null, warrantyDuration: null }),
    ).toMatchObject({
      box: "implied",
      version: "implied",
      dealer: null,
    });
  });

  it("words the terms in Spanish for the Spanish guide", () => {
    const es = buyersGuideTerms(
      { price: 12_695, mileage: 40_000, warrantyType: "dealer", warrantySystems: null, warrantyDuration: null },
      "es",
    );
    expect(es.dealer?.duration).toBe("60 días o 2,500 millas, lo que ocurra primero");
  });
});
