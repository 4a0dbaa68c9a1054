import { describe, expect, it } from "vitest";
import { EXTERIOR_COLORS } from "~/shared/types/vehicle";
import {
  COLORS,
  splitFeatures,
  TRANSMISSIONS,
  vehicleEditSchema,
  vehicleImportSchema,
  vehicleImportUpdateSchema,
  vehicleSchema,
} from "./vehicle-schema";

const valid = {
  vin: "1hgcm82633a004352",
  year: "2003",
  make: "Honda",
  model: "Accord",
  price: "4995",
  mileage: "141000",
  transmission: "Automatic",
  drivetrain: "FWD",
  bodyStyle: "Coupe",
  exteriorColor: "Silver",
  features: "Sunroof, Heated Seats",
  description: "",
  images: ["0123456789abcdef0123456789abcdef"],
};

const errorsOf = (input: object) => {
  const result = vehicleSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("vehicle form schema (spec §5)", () => {
  it("upper-cases the VIN and coerces whole numbers", () => {
    const out = vehicleSchema.parse(valid);
    expect(out).toMatchObject({ vin: "1HGCM82633A004352", year: 2003, price: 4995, mileage: 141000, description: null });
  });

  it("requires a 17-character VIN", () => {
    expect(errorsOf({ ...valid, vin: "" }).vin).toBe("VIN is required");
    expect(errorsOf({ ...valid, vin: "1HGCM8263" }).vin).toBe("VIN must be 17 characters");
    expect(errorsOf({ ...valid, vin: "1HGCM82633A0043521" }).vin).toBe("VIN must be 17 characters");
  });

  it("checks a 1981-or-later VIN's alphabet and check digit (49 CFR 565), in the form, the edit and the import", () => {
    // One wrong character: position 10 changed from 3 to 4, so the check digit (4) no longer matches.
    expect(errorsOf({ ...valid, vin: "1HGCM82634A004352" }).vin).toMatch(/check digit \(the 9th character\)/);
    expect(errorsOf({ ...valid, vin: "1HGCM82633A0O4352" }).vin).toMatch(/never contains the letters I, O or Q/);
    expect(errorsOf({ ...valid, vin: "1HGCM82633A004352" }).vin).toBeUndefined();
    const wrong = { ...valid, vin: "1HGCM82634A004352" };
    expect(vehicleEditSchema.safeParse({ ...wrong, images: [] }).error?.issues[0]?.path).toEqual(["vin"]);
    expect(vehicleImportSchema.safeParse(wrong).error?.issues[0]?.path).toEqual(["vin"]);
    expect(vehicleImportUpdateSchema.safeParse({ vin: wrong.vin, year: 2003 }).success).toBe(false);
  });

  it("keeps only the 17-character rule before 1981, when makers numbered vehicles their own way", () => {
    expect(errorsOf({ ...valid, year: "1979", vin: "1HGCM82634A0O4352" }).vin).toBeUndefined();
  });

  it("requires every field but the description", () => {
    const errors = errorsOf({ vin: valid.vin, images: valid.images });
    for (const field of [
      "year",
      "make",
      "model",
      "price",
      "mileage",
      "transmission",
      "drivetrain",
      "bodyStyle",
      "exteriorColor",
      "features",
    ]) {
      expect(errors[field], field).toBeTruthy();
    }
    expect(errors.description).toBeUndefined();
  });

  it("accepts only whole numbers for year, price and mileage", () => {
    expect(errorsOf({ ...valid, year: "2003.5" }).year).toBe("Must be a whole number");
    expect(errorsOf({ ...valid, price: "12.99" }).price).toBe("Must be a whole number");
    expect(errorsOf({ ...valid, mileage: "-1" }).mileage).toBe("Mileage is required");
    expect(errorsOf({ ...valid, price: "abc" }).price).toBeTruthy();
  });

  it("has the exact transmission and colour options", () => {
    expect(TRANSMISSIONS).toEqual(["Automatic", "Manual", "CVT", "Semi-Automatic"]);
    // One list of colours (src/shared/types/vehicle.ts): the form's options are it, each one is accepted.
    expect(COLORS).toBe(EXTERIOR_COLORS);
    expect(COLORS).toHaveLength(15);
    for (const exteriorColor of COLORS) expect(errorsOf({ ...valid, exteriorColor }).exteriorColor).toBeUndefined();
    expect(errorsOf({ ...valid, transmission: "Warp" }).transmission).toBe("Transmission is required");
    expect(errorsOf({ ...valid, exteriorColor: "Teal" }).exteriorColor).toBe("Exterior color is required");
  });

  it("splits features on commas, trims and drops empties", () => {
    expect(splitFeatures(" Sunroof , ,Heated Seats,, ")).toEqual(["Sunroof", "Heated Seats"]);
    expect(vehicleSchema.parse({ ...valid, features: "a, ,b" }).features).toEqual(["a", "b"]);
    expect(vehicleSchema.parse({ ...valid, features: [" a ", ""] }).features).toEqual(["a"]);
    expect(errorsOf({ ...valid, features: " , , " }).features).toBe("Features are required");
  });

  it("requires at least one photo and at most 25 inline photos at once", () => {
    expect(errorsOf({ ...valid, images: [] }).images).toBe("At least one photo is required");
    const inline = "data:image/jpeg;base64,AAAA";
    expect(errorsOf({ ...valid, images: Array(25).fill(inline) }).images).toBeUndefined();
    expect(errorsOf({ ...valid, images: Array(26).fill(inline) }).images).toBe("You can upload up to 25 photos at once");
    expect(errorsOf({ ...valid, images: ["https://elsewhere.example/x.jpg"] })["images.0"]).toBeTruthy();
  });

  it("lets an edit save a vehicle without photos (it stays unlisted), with the same checks otherwise", () => {
    expect(vehicleEditSchema.parse({ ...valid, images: [] })).toMatchObject({ images: [], price: 4995 });
    const tooMany = vehicleEditSchema.safeParse({ ...valid, images: Array(26).fill("data:image/jpeg;base64,AAAA") });
    expect(tooMany.success).toBe(false);
    expect(vehicleEditSchema.safeParse({ ...valid, images: [], price: "cheap" }).success).toBe(false);
  });
});

describe("the Buyers Guide warranty under Massachusetts law (decision 060)", () => {
  it("refuses 'as is' with a message that says why, at any price and mileage", () => {
    expect(errorsOf({ ...valid, warrantyType: "as_is" }).warrantyType).toMatch(
      /cannot sell a used vehicle "as is" \(M\.G\.L\. c\. 106 §2-316A\)/,
    );
    expect(errorsOf({ ...valid, price: "650", mileage: "20000", warrantyType: "as_is" }).warrantyType).toMatch(/2-316A/);
    const update = vehicleImportUpdateSchema.safeParse({ vin: valid.vin, warrantyType: "as_is" });
    expect(update.success).toBe(false);
  });

  it("refuses 'implied warranties only' where the statute requires a written warranty, and accepts it where none is", () => {
    expect(errorsOf({ ...valid, mileage: "124999", warrantyType: "implied" }).warrantyType).toMatch(
      /at least 30 days or 1,250 miles .*7N¼|7N¼.*at least 30 days or 1,250 miles/,
    );
    expect(errorsOf({ ...valid, mileage: "125000", warrantyType: "implied" }).warrantyType).toBeUndefined();
    expect(errorsOf({ ...valid, price: "650", mileage: "20000", warrantyType: "implied" }).warrantyType).toBeUndefined();
    expect(errorsOf({ ...valid, mileage: "39999", warrantyType: "dealer" }).warrantyType).toBeUndefined();
  });
});
