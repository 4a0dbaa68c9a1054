import { describe, expect, it } from "vitest";
import { isValidVin, vinCheckDigit, vinYearCode } from "./vin";

describe("VIN check digit", () => {
  it("accepts real VINs with correct check digits", () => {
    for (const vin of ["1HGCM82633A004352", "1M8GDM9AXKP042788", "11111111111111111"]) {
      expect(isValidVin(vin), vin).toBe(true);
    }
  });
  it("rejects a wrong check digit, a bad letter and a short VIN", () => {
    expect(isValidVin("1HGCM82643A004352")).toBe(false);
    expect(isValidVin("1HGCM82633A00435O")).toBe(false);
    expect(isValidVin("1HGCM82633A00435")).toBe(false);
  });
  it("computes X for a remainder of ten", () => {
    expect(vinCheckDigit("1M8GDM9AXKP042788")).toBe("X");
  });
  it("maps model years to codes", () => {
    expect(vinYearCode(2008)).toBe("8");
    expect(vinYearCode(2010)).toBe("A");
    expect(vinYearCode(2018)).toBe("J");
    expect(vinYearCode(2024)).toBe("R");
  });
});
