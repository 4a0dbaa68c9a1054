import { describe, expect, it } from "vitest";
import { englishFeatureName, featureKeyOf } from "~/shared/lib/vehicle-features";
import { EXTERIOR_COLORS } from "~/shared/types/vehicle";
import { DEMO_FEATURES, featureFits } from "./demo-catalogue.server";
import { DEMO_VEHICLE_COUNT, demoPrice, demoStockNumber, demoVehicle } from "./seed-demo.server";

const civic = { make: "Honda", basePrice: 24_000, bodyStyle: "Sedan" };

describe("demo lot prices: not $4,995 whatever the car", () => {
  const lot = Array.from({ length: DEMO_VEHICLE_COUNT }, (_, i) => demoVehicle(i));

  it("spreads prices like a real used lot: few repeats, few at the floor, a range from budget to near-new", () => {
    const prices = lot.map((v) => v.price);
    const counts = new Map<number, number>();
    for (const p of prices) counts.set(p, (counts.get(p) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(3);
    expect(prices.filter((p) => p <= 4_995).length).toBeLessThanOrEqual(3);
    expect(Math.min(...prices)).toBeLessThan(9_000);
    expect(Math.max(...prices)).toBeGreaterThan(25_000);
  });

  it("ends every price in 95 (x,x95 under $10,000; xx,495 or xx,995 above)", () => {
    for (const { price } of lot) {
      if (price < 10_000) expect(price % 100).toBe(95);
      else expect([495, 995]).toContain(price % 1000);
    }
  });

  it("prices a newer, lower-mileage car of the same model higher", () => {
    expect(demoPrice(civic, 2022, 30_000)).toBeGreaterThan(demoPrice(civic, 2018, 80_000));
    expect(demoPrice(civic, 2018, 40_000)).toBeGreaterThan(demoPrice(civic, 2018, 120_000));
    expect(demoPrice({ make: "Toyota", basePrice: 24_000, bodyStyle: "Sedan" }, 2016, 100_000)).toBeGreaterThan(
      demoPrice(civic, 2016, 100_000),
    );
  });

  it("matches what a lot asks for a typical used car", () => {
    // A 2018 Civic with 85,000 miles: low-to-mid teens.
    expect(demoPrice(civic, 2018, 85_000)).toBeGreaterThanOrEqual(10_000);
    expect(demoPrice(civic, 2018, 85_000)).toBeLessThanOrEqual(15_000);
  });
});

describe("the demo lot as a real lot looks (stock numbers, days in stock)", () => {
  const lot = Array.from({ length: DEMO_VEHICLE_COUNT }, (_, i) => demoVehicle(i));

  it("gives every demo vehicle its own stock number", () => {
    const numbers = lot.map((v) => v.stockNumber);
    expect(numbers.every((n) => typeof n === "string" && /^P\d{5}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(lot.length);
    expect(demoStockNumber(4_999)).not.toBe(demoStockNumber(0));
  });

  it("spreads days on the lot from fresh arrivals to a few aged units, none at 0", () => {
    const days = lot.map((v) => v.daysOnLot);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...days)).toBeLessThanOrEqual(120);
    expect(new Set(days).size).toBeGreaterThan(lot.length / 2);
    expect(days.filter((d) => d <= 30).length).toBeGreaterThan(lot.length / 3);
    expect(days.some((d) => d >= 60)).toBe(true);
  });

  it("paints the demo lot from the one colour list", () => {
    for (const v of lot) expect(EXTERIOR_COLORS).toContain(v.exteriorColor);
  });
});

describe("demo features and descriptions (decision 069)", () => {
  it("are all catalogue options, by their English names, and every demo vehicle has its description in three languages", () => {
    for (const name of DEMO_FEATURES) {
      const key = featureKeyOf(name);
      expect(key, name).not.toBeNull();
      expect(englishFeatureName(key!)).toBe(name);
    }
    for (let i = 0; i < DEMO_VEHICLE_COUNT; i++) {
      const vehicle = demoVehicle(i);
      expect([vehicle.description, vehicle.descriptionEs, vehicle.descriptionPt].every((d) => typeof d === "string" && d.length > 40)).toBe(
        true,
      );
    }
  });
});

describe("demo features a model has (decision 118)", () => {
  const lot = Array.from({ length: DEMO_VEHICLE_COUNT }, (_, i) => demoVehicle(i));

  it("gives third-row seats only to the minivans, tow packages only to trucks and SUVs, phone projection from 2016", () => {
    for (const v of lot) {
      const name = `${v.year} ${v.make} ${v.model}`;
      if (v.bodyStyle !== "Minivan") expect(v.features, name).not.toContain("Third-Row Seating");
      if (v.bodyStyle !== "Truck" && v.bodyStyle !== "SUV") expect(v.features, name).not.toContain("Tow Package");
      if (v.year < 2016) expect(v.features, name).not.toContain("Apple CarPlay");
      if (v.year >= 2018) expect(v.features, name).toContain("Backup Camera");
    }
    expect(featureFits({ model: "Civic", bodyStyle: "Sedan" }, 2020, "Third-Row Seating")).toBe(false);
    expect(featureFits({ model: "Odyssey", bodyStyle: "Minivan" }, 2020, "Third-Row Seating")).toBe(true);
  });
});
