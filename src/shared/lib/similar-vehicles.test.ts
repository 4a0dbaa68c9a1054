import { describe, expect, it } from "vitest";
import { similarVehicles } from "./similar-vehicles";

const v = (id: string, make: string, bodyStyle: string, price: number, status = "available") => ({ id, make, bodyStyle, price, status });

describe("similarVehicles", () => {
  const target = { id: "t", make: "Honda", bodyStyle: "SUV", price: 15_000 };

  it("keeps same body style or make, nearest price first, at most three", () => {
    const list = [
      v("far-suv", "Ford", "SUV", 30_000),
      v("near-honda-sedan", "Honda", "Sedan", 14_500),
      v("truck", "Ram", "Truck", 15_000),
      v("mid-suv", "Toyota", "SUV", 17_000),
      v("close-suv", "Kia", "SUV", 15_900),
      v("t", "Honda", "SUV", 15_000),
    ];
    expect(similarVehicles(target, list).map((x) => x.id)).toEqual(["near-honda-sedan", "close-suv", "mid-suv"]);
  });

  it("never offers a pending or sold vehicle, nor the vehicle itself", () => {
    const list = [v("p", "Honda", "SUV", 15_000, "pending"), v("s", "Honda", "SUV", 15_000, "sold"), v("t", "Honda", "SUV", 15_000)];
    expect(similarVehicles(target, list)).toEqual([]);
  });

  it("breaks a price tie by likeness", () => {
    const list = [v("make-only", "Honda", "Sedan", 16_000), v("both", "Honda", "SUV", 14_000)];
    expect(similarVehicles(target, list).map((x) => x.id)).toEqual(["both", "make-only"]);
  });
});
