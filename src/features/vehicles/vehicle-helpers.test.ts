import { describe, expect, it } from "vitest";
import { fitWithin } from "~/shared/lib/resize-photo";
import { mapFuelType, mapVinDecode } from "./vin-mapping";

describe("photo sizing (spec §9)", () => {
  it("fits within 1200×1200 keeping the aspect ratio, never enlarging", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1200, height: 900 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 900, height: 1200 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe("VIN decoding", () => {
  it("maps decoded VINs onto the form's option lists", () => {
    const base = { year: 2013, make: "Ford", model: "F-150", trim: null, series: null, doors: null, engine: null, fuelType: "Gasoline" };
    expect(
      mapVinDecode({ ...base, bodyStyle: "Pickup", driveType: "4WD/4-Wheel Drive/4x4", transmission: "Manual/Standard" }),
    ).toMatchObject({ bodyStyle: "Truck", drivetrain: "4WD", transmission: "Manual" });
    expect(
      mapVinDecode({
        ...base,
        bodyStyle: "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)",
        driveType: "AWD/All-Wheel Drive",
        transmission: "Continuously Variable Transmission (CVT)",
      }),
    ).toMatchObject({ bodyStyle: "SUV", drivetrain: "AWD", transmission: "CVT" });
    expect(mapVinDecode({ ...base, bodyStyle: "Sedan/Saloon", driveType: "FWD/Front-Wheel Drive", transmission: null })).toMatchObject({
      bodyStyle: "Sedan",
      drivetrain: "FWD",
      transmission: "",
    });
  });
});

describe("VIN decoding: fuel type", () => {
  it("maps vPIC's fuel type strings onto the lot's list, null when the lot has no such value", () => {
    expect(mapFuelType("Gasoline")).toBe("gasoline");
    expect(mapFuelType("Diesel")).toBe("diesel");
    expect(mapFuelType("Electric")).toBe("electric");
    expect(mapFuelType("Flexible Fuel Vehicle (FFV)")).toBe("flex");
    expect(mapFuelType("Hybrid")).toBe("hybrid");
    expect(mapFuelType("Plug-in Hybrid")).toBe("plug-in-hybrid");
    expect(mapFuelType("PHEV (Plug-in Hybrid Electric Vehicle)")).toBe("plug-in-hybrid");
    // A decode naming a combustion fuel and electricity together is a hybrid, not an electric car.
    expect(mapFuelType("Gasoline, Electric")).toBe("hybrid");
    expect(mapFuelType("Compressed Natural Gas (CNG)")).toBeNull();
    expect(mapFuelType(null)).toBeNull();
  });

  it("fills the form's fuel type from the decode", () => {
    const base = { year: 2021, make: "Toyota", model: "Prius", trim: null, series: null, doors: null, engine: null };
    const decode = (fuelType: string | null) =>
      mapVinDecode({
        ...base,
        fuelType,
        bodyStyle: "Hatchback/Liftback/Notchback",
        driveType: "FWD/Front-Wheel Drive",
        transmission: null,
      });
    expect(decode("Hybrid").fuelType).toBe("hybrid");
    expect(decode("Flexible Fuel Vehicle (FFV)").fuelType).toBe("flex");
    expect(decode(null).fuelType).toBeNull();
  });
});
