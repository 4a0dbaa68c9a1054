import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { en } from "~/shared/i18n/en";
import { contactSchema as contactSchemaFor } from "./contact-schema";

const contactSchema = contactSchemaFor(en);

const valid = {
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@example.com",
  phone: "9785550100",
  message: "Is the Civic still available?",
};

function errorsFor(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("contact schema (spec §5 Contact form)", () => {
  it("accepts a valid message and defaults hasTradeIn to false", () => {
    const result = contactSchema.parse(valid);
    expect(result.hasTradeIn).toBe(false);
    expect(result.vehicleId).toBeUndefined();
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["firstName", "   ", "First name is required"],
    ["lastName", "", "Last name is required"],
    ["email", "not-an-email", "Valid email is required"],
    ["email", "", "Valid email is required"],
    ["phone", "123456789", "Valid phone number is required"],
    ["message", "too short", "Message must be at least 10 characters"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })[field]).toBe(message);
  });

  it("reports the spec's message when a field is missing", () => {
    expect(errorsFor({})).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Valid email is required",
      phone: "Valid phone number is required",
      message: "Message must be at least 10 characters",
    });
  });

  it("accepts the minimum lengths exactly: phone 10 chars, message 10 chars", () => {
    expect(contactSchema.safeParse({ ...valid, phone: "1234567890", message: "0123456789" }).success).toBe(true);
  });

  it("accepts an optional vehicle UUID and rejects anything else", () => {
    const id = "3f1c2b9e-8d4a-4c1e-9b2a-1234567890ab";
    expect(contactSchema.parse({ ...valid, vehicleId: id.toUpperCase() }).vehicleId).toBe(id);
    expect(contactSchema.parse({ ...valid, vehicleId: "" }).vehicleId).toBeUndefined();
    expect(contactSchema.safeParse({ ...valid, vehicleId: "123" }).success).toBe(false);
  });

  it("keeps hasTradeIn as sent and rejects non-booleans", () => {
    expect(contactSchema.parse({ ...valid, hasTradeIn: true }).hasTradeIn).toBe(true);
    expect(contactSchema.safeParse({ ...valid, hasTradeIn: "yes" }).success).toBe(false);
  });

  it("carries the honeypot through so the server can discard bots", () => {
    expect(contactSchema.parse({ ...valid, website: "http://spam.example" }).website).toBe("http://spam.example");
  });
});
