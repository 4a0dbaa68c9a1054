import { describe, expect, it } from "vitest";
import {
  optionalDollarsAndCents,
  optionalText,
  phoneField,
  requiredMultilineText,
  requiredText,
  vinField,
  wholeDollars,
  withoutControlCharacters,
  hasMailableDomain,
  mailableEmailField,
} from "./fields";

describe("control characters", () => {
  it("are refused in one-line fields (names, addresses, subjects, phones) with the field's message", () => {
    expect(requiredText("Make is required").safeParse("\u0000").error?.issues[0]?.message).toBe("Make is required");
    // The review's L-10: a first name that forged lines in the mails' bodies.
    for (const forged of ["Eve\r\nBcc: victim@evil.example", "Eve\nPhone: 555", "Eve\u2028x", "Hon\u0000da", "a\tb"]) {
      expect(requiredText("First name").safeParse(forged).error?.issues[0]?.message, JSON.stringify(forged)).toBe("First name");
    }
    expect(requiredText("x").parse(" Honda ")).toBe("Honda");
    expect(phoneField("Phone").safeParse("\u0000".repeat(12)).success).toBe(false);
    expect(phoneField("Phone").safeParse("978-555-0100\nX: 1").success).toBe(false);
    expect(optionalText(10).safeParse("a\nb").success).toBe(false);
    expect(optionalText(10).parse("  ")).toBeUndefined();
  });

  it("are dropped from text of several lines (messages, notes), whose tabs and line breaks stay", () => {
    expect(withoutControlCharacters("a\u0000b\u0007c\u001b\u007fd\te\nf\r")).toBe("abcd\te\nf\r");
    expect(requiredMultilineText("x").parse(" Hon\u0000da ")).toBe("Honda");
    expect(requiredMultilineText("Message").safeParse("\u0000").error?.issues[0]?.message).toBe("Message");
    expect(optionalText(10, { multiline: true }).parse("\u0000\u0001")).toBeUndefined();
    expect(optionalText(2000, { multiline: true }).parse("line one\nline two")).toBe("line one\nline two");
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

describe("money fields (decimal digits, at most two decimals; decision 090)", () => {
  const money = optionalDollarsAndCents("Enter an amount in dollars, 0 or more.");
  const whole = wholeDollars("Enter the price in whole dollars");
  it("take plain decimal digits with at most two decimals, from text or a number", () => {
    expect(money.parse("1500")).toBe(1500);
    expect(money.parse(" 1500.5 ")).toBe(1500.5);
    expect(money.parse("1500.50")).toBe(1500.5);
    expect(money.parse(0)).toBe(0);
    expect(money.parse(12.34)).toBe(12.34);
    expect(money.parse("")).toBeUndefined();
    expect(whole.parse("12995")).toBe(12995);
  });
  it("refuse hexadecimal, exponents, signs, separators, fractions of a cent and negative amounts with the field's message", () => {
    for (const bad of [
      "0x10",
      "1e1",
      "1E3",
      "+5",
      "-5",
      "-0.01",
      "1,500",
      "1 500",
      "Infinity",
      "NaN",
      ".5",
      "5.",
      "12.345",
      "٣",
      "0b11",
      -1,
      0.001,
      Infinity,
    ]) {
      expect(money.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe("Enter an amount in dollars, 0 or more.");
    }
    for (const bad of ["12.50", "0x10", "1e4", 12.5]) {
      expect(whole.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe("Enter the price in whole dollars");
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
