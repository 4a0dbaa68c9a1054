import { describe, expect, it } from "vitest";
import { buyersGuideTerms } from "./buyers-guide-terms";

const terms = (price: number, mileage: number, warrantyType: "as_is" | "implied" | "dealer", region?: string) =>
  buyersGuideTerms({ price, mileage, warrantyType, warrantySystems: null, warrantyDuration: null }, "en", region);

describe("buyersGuideTerms", () => {
  it.each([
    [39_999, "90 days or 3,750 miles, whichever comes first"],
    [40_000, "60 days or 2,500 miles, whichever comes first"],
    [124_999, "30 days or 1,250 miles, whichever comes first"],
  ])("pre-fills the Massachusetts terms at %i miles", (mileage, duration) => {
    const t = terms(12_695, mileage, "dealer");
    expect(t.box).toBe("dealer");
    expect(t.version).toBe("implied");
    expect(t.dealer).toMatchObject({ laborPercent: 100, partsPercent: 100, duration });
    expect(t.dealer?.systems).toMatch(/use or safety.*7N¼/);
  });

  it("in Massachusetts checks IMPLIED WARRANTIES ONLY at 125,000 miles and for a $650 vehicle, never 'as is'", () => {
    for (const stored of ["as_is", "implied"] as const) {
      for (const [price, mileage] of [
        [12_695, 125_000],
        [650, 20_000],
      ] as const) {
        const t = terms(price, mileage, stored);
        expect(t).toMatchObject({ box: "implied", version: "implied", dealer: null, statutory: null, violatesLaw: false });
      }
    }
  });

  it("in Massachusetts gives a covered vehicle the dealer warranty with the statutory terms, whatever is stored", () => {
    for (const stored of ["as_is", "implied"] as const) {
      const t = terms(12_695, 39_999, stored);
      expect(t).toMatchObject({ box: "dealer", version: "implied", statutory: { days: 90, miles: 3_750 } });
      expect(t.dealer?.duration).toBe("90 days or 3,750 miles, whichever comes first");
    }
    expect(terms(12_695, 39_999, "as_is").violatesLaw).toBe(true);
  });

  it("keeps the 'as is' form for a profile in a state that allows it", () => {
    expect(terms(650, 20_000, "as_is", "NH")).toMatchObject({ box: "as_is", version: "as_is", dealer: null });
    expect(terms(12_695, 10_000, "implied", "NH")).toMatchObject({ box: "implied", version: "implied", dealer: null });
  });

  it("keeps the dealer's own terms", () => {
    const own = buyersGuideTerms({
      price: 12_695,
      mileage: 10_000,
      warrantyType: "dealer",
      warrantySystems: "Engine, transmission",
      warrantyDuration: "6 months",
    });
    expect(own.dealer).toMatchObject({ systems: "Engine, transmission", duration: "6 months" });
  });

  it("words the terms in Spanish for the Spanish guide", () => {
    const es = buyersGuideTerms(
      { price: 12_695, mileage: 40_000, warrantyType: "dealer", warrantySystems: null, warrantyDuration: null },
      "es",
    );
    expect(es.dealer?.duration).toBe("60 días o 2,500 millas, lo que ocurra primero");
  });
});
