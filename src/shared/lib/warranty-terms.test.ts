import { describe, expect, it } from "vitest";
import { massachusettsWarranty } from "./massachusetts-warranty";
import {
  describeDuration,
  describeSystems,
  parseWarrantyDuration,
  parseWarrantySystems,
  statutoryShortfalls,
  statutoryTerms,
  warrantyTermsFor,
  type DealerWarrantyTerms,
} from "./warranty-terms";

const terms = (overrides: Partial<DealerWarrantyTerms>): DealerWarrantyTerms => ({
  systems: ["use-or-safety"],
  days: 90,
  miles: 3_750,
  laborPercent: 100,
  partsPercent: 100,
  ...overrides,
});

describe("the statutory minimum of each §7N¼ band (decision 091)", () => {
  it.each([
    [39_999, 90, 3_750],
    [40_000, 60, 2_500],
    [79_999, 60, 2_500],
    [80_000, 30, 1_250],
    [124_999, 30, 1_250],
  ])("at %i miles: at least %i days and %i miles, any defect of use or safety, all of parts and labor", (mileage, days, miles) => {
    const band = massachusettsWarranty(12_695, mileage)!;
    expect(statutoryTerms(band)).toEqual({ systems: ["use-or-safety"], days, miles, laborPercent: 100, partsPercent: 100 });
    // The minimum itself is lawful, and so is more.
    expect(statutoryShortfalls(terms({ days, miles }), band)).toEqual([]);
    expect(statutoryShortfalls(terms({ days: days + 30, miles: null, systems: ["use-or-safety", "engine"] }), band)).toEqual([]);
    // One day, one mile or one percent less, or without the statute's coverage, is not.
    expect(statutoryShortfalls(terms({ days: days - 1, miles }), band)).toEqual([{ field: "warrantyDays", kind: "days", required: days }]);
    expect(statutoryShortfalls(terms({ days, miles: miles - 1 }), band)).toEqual([
      { field: "warrantyMiles", kind: "miles", required: miles },
    ]);
    expect(statutoryShortfalls(terms({ days, miles, laborPercent: 50, partsPercent: 99 }), band).map((s) => s.field)).toEqual([
      "warrantyLaborPercent",
      "warrantyPartsPercent",
    ]);
    expect(statutoryShortfalls(terms({ days, miles, systems: ["engine"] }), band)).toEqual([
      { field: "warrantySystems", kind: "use-or-safety" },
    ]);
  });

  it("names why a vehicle needs none: its mileage or its price with the doc fee", () => {
    expect(warrantyTermsFor({ salePrice: 12_995, mileage: 125_000, warrantyType: "implied", warrantyTerms: null }).noWarrantyReason).toBe(
      "mileage",
    );
    expect(warrantyTermsFor({ salePrice: 699, mileage: 20_000, warrantyType: "implied", warrantyTerms: null }).noWarrantyReason).toBe(
      "price",
    );
    expect(warrantyTermsFor({ salePrice: 700, mileage: 20_000, warrantyType: "implied", warrantyTerms: null })).toMatchObject({
      box: "dealer",
      noWarrantyReason: null,
    });
  });
});

describe("the terms in each language", () => {
  const own = terms({ systems: ["brakes", "engine", "use-or-safety"], days: 120, miles: null });
  it("lists the systems in the list's order and the duration in words", () => {
    expect(describeSystems(own, "en")).toMatch(/^Parts and labor.*7N¼\); Engine; Brake System$/);
    expect(describeSystems(own, "es")).toMatch(/^Repuestos y mano de obra.*; Motor; Sistema de frenos$/);
    expect(describeSystems(own, "pt")).toMatch(/^Peças e mão de obra.*; Motor; Sistema de freios$/);
    expect(describeDuration(own, "en")).toBe("120 days");
    expect(describeDuration({ days: 60, miles: 2_500 }, "pt")).toBe("60 dias ou 2.500 milhas, o que ocorrer primeiro");
  });

  it("reads back what the export writes, and the old free-text forms where they name the list's systems", () => {
    expect(parseWarrantySystems(describeSystems(own, "en"))).toEqual(["use-or-safety", "engine", "brakes"]);
    expect(parseWarrantySystems("Engine; Transmission & Drive Shaft")).toEqual(["engine", "transmission"]);
    expect(parseWarrantySystems("engine, brakes")).toEqual(["engine", "brakes"]);
    expect(parseWarrantySystems("Engine block only")).toBeNull();
    expect(parseWarrantyDuration("90 days or 3,750 miles, whichever comes first")).toEqual({ days: 90, miles: 3_750 });
    expect(parseWarrantyDuration("30 days")).toEqual({ days: 30, miles: null });
    expect(parseWarrantyDuration("3 months or 1,000 miles")).toEqual({ days: 90, miles: 1_000 });
    expect(parseWarrantyDuration("until the cows come home")).toBeNull();
  });
});
