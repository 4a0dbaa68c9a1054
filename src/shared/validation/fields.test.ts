import { describe, expect, it } from "vitest";
import {
  optionalText,
  phoneField,
  requiredText,
  vinField,
  withoutControlCharacters,
  hasMailableDomain,
  mailableEmailField,
} from "./fields";

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

describe("an address mail can be sent to (the alerts' double opt-in, docs/behaviour.md §21)", () => {
  const schema = mailableEmailField("Enter a valid e-mail address");
  it("takes real addresses, lower-cased", () => {
    for (const ok of ["ana@example.com", "Ana.Silva+cars@Mail.Example.com.br", "x@xn--bcher-kva.example", "a@b-c.de"])
      expect(schema.safeParse(ok).success, ok).toBe(true);
    expect(schema.parse(" Ana@Example.COM ")).toBe("ana@example.com");
  });

  it("refuses a domain without the syntax of one that mail is delivered to", () => {
    for (const bad of [
      "ana@localhost",
      "ana@example",
      "ana@-example.com",
      "ana@example-.com",
      "ana@example.c",
      "ana@example.123",
      "ana@exa_mple.com",
      `ana@${"a".repeat(64)}.com`,
      `${"a".repeat(65)}@example.com`,
      `ana@${Array.from({ length: 60 }, () => "abcd").join(".")}.com`,
      "ana@[127.0.0.1]",
    ]) {
      expect(hasMailableDomain(bad), bad).toBe(false);
      expect(schema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
