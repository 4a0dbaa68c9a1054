import { describe, expect, it } from "vitest";
import { asIsViolatesLaw, defaultWarrantyType, massachusettsWarranty } from "./massachusetts-warranty";

describe("massachusettsWarranty (M.G.L. c. 90 §7N¼)", () => {
  it.each([
    [0, { days: 90, miles: 3_750 }],
    [39_999, { days: 90, miles: 3_750 }],
    [40_000, { days: 60, miles: 2_500 }],
    [79_999, { days: 60, miles: 2_500 }],
    [80_000, { days: 30, miles: 1_250 }],
    [124_999, { days: 30, miles: 1_250 }],
    [125_000, null],
    [210_000, null],
  ])("%i miles at $12,695 → %o", (mileage, expected) => {
    expect(massachusettsWarranty(12_695, mileage)).toEqual(expected);
  });

  it("requires nothing under $700 and applies from exactly $700", () => {
    expect(massachusettsWarranty(650, 20_000)).toBeNull();
    expect(massachusettsWarranty(699, 20_000)).toBeNull();
    expect(massachusettsWarranty(700, 20_000)).toEqual({ days: 90, miles: 3_750 });
  });

  it("defaults to a dealer warranty where the law requires one, and flags 'as is' there", () => {
    expect(defaultWarrantyType(12_695, 51_240)).toBe("dealer");
    expect(defaultWarrantyType(650, 51_240)).toBe("as_is");
    expect(defaultWarrantyType(12_695, 125_000)).toBe("as_is");
    expect(asIsViolatesLaw({ price: 12_695, mileage: 51_240, warrantyType: "as_is" })).toBe(true);
    expect(asIsViolatesLaw({ price: 12_695, mileage: 51_240, warrantyType: "dealer" })).toBe(false);
    expect(asIsViolatesLaw({ price: 650, mileage: 51_240, warrantyType: "as_is" })).toBe(false);
  });
});
