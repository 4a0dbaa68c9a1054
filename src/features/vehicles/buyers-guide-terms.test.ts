import { describe, expect, it } from "vitest";
import type { DealerWarrantyTerms } from "~/shared/lib/warranty-terms";
import { buyersGuideTerms } from "./buyers-guide-terms";

const terms = (price: number, mileage: number, warrantyType: "as_is" | "implied" | "dealer", region?: string, docFee = 0) =>
  buyersGuideTerms({ price, mileage, warrantyType, warrantyTerms: null }, docFee, "en", region);

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

  it("tests §7N¼'s $700 on the price the buyer pays, the doc fee included (decision 091)", () => {
    // $650 with a $499 documentation fee is $1,149: the statute's 30-day band at 119,830 miles.
    expect(terms(650, 119_830, "implied", undefined, 499)).toMatchObject({ box: "dealer", statutory: { days: 30, miles: 1_250 } });
    expect(terms(650, 119_830, "implied", undefined, 0)).toMatchObject({ box: "implied", statutory: null });
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

  const own: DealerWarrantyTerms = {
    systems: ["use-or-safety", "engine", "transmission"],
    days: 120,
    miles: 6_000,
    laborPercent: 100,
    partsPercent: 100,
  };

  it("prints the dealer's own terms from the list of systems, in English and in Spanish", () => {
    const en = buyersGuideTerms({ price: 12_695, mileage: 10_000, warrantyType: "dealer", warrantyTerms: own }, 0, "en");
    expect(en.dealer?.systems).toMatch(/use or safety.*7N¼\); Engine; Transmission & Drive Shaft$/);
    expect(en.dealer?.duration).toBe("120 days or 6,000 miles, whichever comes first");
    const es = buyersGuideTerms({ price: 12_695, mileage: 10_000, warrantyType: "dealer", warrantyTerms: own }, 0, "es");
    expect(es.dealer?.systems).toMatch(/uso o la seguridad.*7N¼\); Motor; Transmisión y eje de transmisión$/);
    expect(es.dealer?.duration).toBe("120 días o 6,000 millas, lo que ocurra primero");
  });

  it("never prints less than the statute on a covered vehicle, even from terms stored before it was covered", () => {
    const short: DealerWarrantyTerms = { systems: ["engine"], days: 7, miles: 100, laborPercent: 50, partsPercent: 50 };
    const t = buyersGuideTerms({ price: 34_995, mileage: 12_700, warrantyType: "dealer", warrantyTerms: short }, 0, "en");
    expect(t.dealer).toMatchObject({ laborPercent: 100, partsPercent: 100, duration: "90 days or 3,750 miles, whichever comes first" });
    expect(t.dealer?.systems).toMatch(/^Parts and labor to repair any defect.*; Engine$/);
  });

  it("words the terms in Spanish for the Spanish guide", () => {
    const es = buyersGuideTerms({ price: 12_695, mileage: 40_000, warrantyType: "dealer", warrantyTerms: null }, 0, "es");
    expect(es.dealer?.duration).toBe("60 días o 2,500 millas, lo que ocurra primero");
  });
});
