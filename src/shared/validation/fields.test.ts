import { describe, expect, it } from "vitest";
import { optionalText, phoneField, requiredText, vinField, withoutControlCharacters } from "./fields";

describe("control characters", () => {
  it("are dropped before the required and length checks; tabs and line breaks stay", () => {
    expect(withoutControlCharacters("a\u0000b\u0007c\u001b\u007fd\te\nf\r")).toBe("abcd\te\nf\r");
    expect(requiredText("Make is required").safeParse("\u0000").error?.issues[0]?.message).toBe("Make is required");
    expect(requiredText("x").parse(" Hon\u0000da ")).toBe("Honda");
    expect(phoneField("Phone").safeParse("\u0000".repeat(12)).success).toBe(false);
    expect(optionalText(10).parse("\u0000\u0001")).toBeUndefined();
    expect(optionalText().parse("line one\nline two")).toBe("line one\nline two");
  });
});

describe("vinField", () => {
  const vin = vinField("VIN is required", "VIN must be 17 characters");
  it("takes 17 letters or digits, upper-cased, and nothing else of that length", () => {
    expect(vin.parse(" 1hgcm82633a004352 ")).toBe("1HGCM82633A004352");
    for (const bad of ["😀".repeat(8) + "A", "1HGCM82633A00435\u0000", "1HGCM-2633A004352", "1HGCM82633A00435"]) {
      expect(vin.safeParse(bad).error?.issues[0]?.message, bad).toBe("VIN must be 17 characters");
    }
  });
});
