import { describe, expect, it } from "vitest";
import { asIsAllowed, asIsViolatesLaw, defaultWarrantyType, effectiveWarrantyType, massachusettsWarranty } from "./massachusetts-warranty";

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

  it("defaults to a dealer warranty where the law requires one, else 'implied warranties only' in MA (never 'as is')", () => {
    expect(asIsAllowed()).toBe(false); // the profile is in Fitchburg, MA
    expect(defaultWarrantyType(12_695, 51_240)).toBe("dealer");
    expect(defaultWarrantyType(650, 51_240)).toBe("implied");
    expect(defaultWarrantyType(12_695, 125_000)).toBe("implied");
    expect(asIsViolatesLaw({ price: 12_695, mileage: 51_240, warrantyType: "as_is" })).toBe(true);
    expect(asIsViolatesLaw({ price: 12_695, mileage: 51_240, warrantyType: "dealer" })).toBe(false);
    expect(asIsViolatesLaw({ price: 650, mileage: 51_240, warrantyType: "as_is" })).toBe(false);
  });

  it("keeps 'as is' for a profile in a state that allows it", () => {
    expect(asIsAllowed("NH")).toBe(true);
    expect(defaultWarrantyType(650, 51_240, "NH")).toBe("as_is");
    expect(effectiveWarrantyType({ price: 650, mileage: 51_240, warrantyType: "as_is" }, "NH")).toBe("as_is");
  });

  it.each([
    [39_999, 12_695, "as_is", "dealer"],
    [40_000, 12_695, "implied", "dealer"],
    [124_999, 12_695, "as_is", "dealer"],
    [125_000, 12_695, "as_is", "implied"],
    [20_000, 650, "as_is", "implied"],
    [125_000, 12_695, "dealer", "dealer"],
  ] as const)("in MA prints %i miles at $%i stored %s as %s", (mileage, price, stored, printed) => {
    expect(effectiveWarrantyType({ price, mileage, warrantyType: stored })).toBe(printed);
  });
});
