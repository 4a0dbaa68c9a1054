import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  distinctOptions,
  emptyFilters,
  filterVehicles,
  filtersFromSearchParams,
  filtersToSearchParams,
  type InventoryFilters,
} from "~/shared/lib/inventory-filters";

const civic = { year: 2018, make: "Honda", model: "Civic", price: 14995, mileage: 62000, bodyStyle: "Sedan", transmission: "Automatic" };
const f150 = { year: 2015, make: "Ford", model: "F-150", price: 21500, mileage: 98000, bodyStyle: "Truck", transmission: "Automatic" };
const mini = { year: 2012, make: "MINI", model: "Cooper", price: 7990, mileage: 110500, bodyStyle: "Hatchback", transmission: "Manual" };
const accord = { year: 2020, make: "Honda", model: "Accord", price: 22000, mileage: 30000, bodyStyle: "Sedan", transmission: "CVT" };
const all = [civic, f150, mini, accord];

const run = (patch: Partial<InventoryFilters>) => filterVehicles(all, { ...emptyFilters, ...patch });

describe("inventory filtering (spec §5)", () => {
  it("returns every vehicle with no active filter", () => {
    expect(run({})).toEqual(all);
  });

  it("search is a case-insensitive substring of make", () => {
    expect(run({ search: "hon" })).toEqual([civic, accord]);
    expect(run({ search: "mInI" })).toEqual([mini]);
  });

  it("search matches a substring of model", () => {
    expect(run({ search: "f-1" })).toEqual([f150]);
    expect(run({ search: "coop" })).toEqual([mini]);
  });

  it("search matches the year as text, including part of it", () => {
    expect(run({ search: "2018" })).toEqual([civic]);
    expect(run({ search: "201" })).toEqual([civic, f150, mini]);
  });

  it("search does not match other fields (colour, body style, transmission)", () => {
    expect(run({ search: "sedan" })).toEqual([]);
    expect(run({ search: "manual" })).toEqual([]);
  });

  it("make, body style and transmission match exactly (case-sensitive, whole value)", () => {
    expect(run({ make: "Honda" })).toEqual([civic, accord]);
    expect(run({ make: "honda" })).toEqual([]);
    expect(run({ make: "Hond" })).toEqual([]);
    expect(run({ bodyStyle: "Truck" })).toEqual([f150]);
    expect(run({ transmission: "Manual" })).toEqual([mini]);
  });

  it("year bounds are inclusive", () => {
    expect(run({ minYear: "2018" })).toEqual([civic, accord]);
    expect(run({ maxYear: "2015" })).toEqual([f150, mini]);
    expect(run({ minYear: "2015", maxYear: "2018" })).toEqual([civic, f150]);
  });

  it("price bounds are inclusive", () => {
    expect(run({ maxPrice: "14995" })).toEqual([civic, mini]);
    expect(run({ minPrice: "21500" })).toEqual([f150, accord]);
    expect(run({ minPrice: "14995", maxPrice: "21500" })).toEqual([civic, f150]);
  });

  it("mileage bounds are inclusive", () => {
    expect(run({ maxMileage: "62000" })).toEqual([civic, accord]);
    expect(run({ minMileage: "98000" })).toEqual([f150, mini]);
  });

  it("bounds are compared as integers (decimals truncated, text ignored)", () => {
    expect(run({ maxPrice: "14995.99" })).toEqual([civic, mini]);
    expect(run({ minYear: "2018.9" })).toEqual([civic, accord]);
    expect(run({ minYear: "abc" })).toEqual(all);
  });

  it("all active filters must hold together", () => {
    expect(run({ make: "Honda", maxPrice: "15000" })).toEqual([civic]);
    expect(run({ search: "honda", transmission: "CVT", minYear: "2019" })).toEqual([accord]);
    expect(run({ make: "Honda", bodyStyle: "Truck" })).toEqual([]);
    expect(run({ bodyStyle: "Sedan", minMileage: "20000", maxMileage: "40000", minPrice: "20000" })).toEqual([accord]);
  });
});

describe("active filter count", () => {
  it("is zero with no filter", () => {
    expect(activeFilterCount(emptyFilters)).toBe(0);
  });

  it("counts search, make, body style and transmission one each", () => {
    expect(activeFilterCount({ ...emptyFilters, search: "x", make: "Honda", bodyStyle: "Sedan", transmission: "CVT" })).toBe(4);
  });

  it.each([
    ["minYear", "maxYear"],
    ["minPrice", "maxPrice"],
    ["minMileage", "maxMileage"],
  ] as const)("counts %s/%s once whether one or both bounds are set", (min, max) => {
    expect(activeFilterCount({ ...emptyFilters, [min]: "1" })).toBe(1);
    expect(activeFilterCount({ ...emptyFilters, [max]: "1" })).toBe(1);
    expect(activeFilterCount({ ...emptyFilters, [min]: "1", [max]: "2" })).toBe(1);
  });

  it("counts at most seven with everything set", () => {
    const full: InventoryFilters = {
      search: "a",
      make: "b",
      bodyStyle: "c",
      transmission: "d",
      minYear: "1",
      maxYear: "2",
      minPrice: "1",
      maxPrice: "2",
      minMileage: "1",
      maxMileage: "2",
    };
    expect(activeFilterCount(full)).toBe(7);
  });
});

describe("dropdown options", () => {
  it("lists the distinct loaded values sorted alphabetically", () => {
    expect(distinctOptions(all, "make")).toEqual(["Ford", "Honda", "MINI"]);
    expect(distinctOptions(all, "bodyStyle")).toEqual(["Hatchback", "Sedan", "Truck"]);
    expect(distinctOptions(all, "transmission")).toEqual(["Automatic", "CVT", "Manual"]);
    expect(distinctOptions([], "make")).toEqual([]);
  });
  it("sorts as the English collator does for the names a lot holds", () => {
    const makes = [
      "Mercedes-Benz",
      "mazda",
      "MINI",
      "Land Rover",
      "Lincoln",
      "BMW",
      "Alfa Romeo",
      "Audi",
      "Kia",
      "Jeep",
      "RAM",
      "Rolls-Royce",
    ];
    const expected = [...makes].sort((a, b) => a.localeCompare(b, "en"));
    expect(
      distinctOptions(
        makes.map((make) => ({ make })),
        "make",
      ),
    ).toEqual(expected);
  });
});

describe("filters in the URL (DESIGN.md difference 6)", () => {
  it("writes only active fields", () => {
    expect(filtersToSearchParams({ ...emptyFilters, make: "Honda", maxPrice: "15000" }).toString()).toBe("make=Honda&maxPrice=15000");
    expect(filtersToSearchParams(emptyFilters).toString()).toBe("");
  });

  it("reads them back, ignoring unknown params", () => {
    const filters = filtersFromSearchParams(new URLSearchParams("make=Honda&maxPrice=15000&utm_source=x"));
    expect(filters).toEqual({ ...emptyFilters, make: "Honda", maxPrice: "15000" });
  });

  it("round-trips every field", () => {
    const full: InventoryFilters = {
      search: "civic 2018",
      make: "Land Rover",
      bodyStyle: "SUV",
      transmission: "Automatic",
      minYear: "2010",
      maxYear: "2020",
      minPrice: "5000",
      maxPrice: "20000",
      minMileage: "0",
      maxMileage: "90000",
    };
    expect(filtersFromSearchParams(filtersToSearchParams(full))).toEqual(full);
  });
});
