import { describe, expect, it } from "vitest";
import { messagesFor as messagesForLocale } from "~/shared/i18n/catalogues";
import { en } from "~/shared/i18n/en";
import { bookingSchema as bookingSchemaFor } from "./booking-schema";

const bookingSchema = bookingSchemaFor(en);

const valid = {
  serviceId: "b3c8f0a2-1111-4222-8333-444455556666",
  bookingDate: "2026-12-01",
  bookingTime: "09:30",
  customerFirstName: "Ana",
  customerLastName: "Silva",
  customerEmail: "ana@example.com",
  customerPhone: "(978) 555-0100",
  notes: "",
};

function messagesFor(input: Record<string, unknown>): Record<string, string> {
  const result = bookingSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("bookingSchema", () => {
  it("accepts a complete booking, trims text and drops empty notes", () => {
    const result = bookingSchema.parse({ ...valid, customerFirstName: "  Ana ", notes: "   " });
    expect(result.customerFirstName).toBe("Ana");
    expect(result.notes).toBeUndefined();
  });

  it("keeps optional notes", () => {
    expect(bookingSchema.parse({ ...valid, notes: "Squeaky brakes" }).notes).toBe("Squeaky brakes");
    expect(bookingSchema.parse({ ...valid, notes: undefined }).notes).toBeUndefined();
  });

  it.each([
    ["serviceId", "", "Please select a service"],
    ["serviceId", undefined, "Please select a service"],
    ["bookingDate", "", "Please select a date"],
    ["bookingDate", undefined, "Please select a date"],
    ["bookingDate", "12/01/2026", "Please select a date"],
    ["bookingDate", "2026-02-30", "Please select a date"],
    ["bookingTime", "", "Please select a time slot"],
    ["bookingTime", undefined, "Please select a time slot"],
    ["bookingTime", "9am", "Please select a time slot"],
    ["bookingTime", "25:00", "Please select a time slot"],
    ["customerFirstName", "", "First name is required"],
    ["customerFirstName", "   ", "First name is required"],
    ["customerLastName", "", "Last name is required"],
    ["customerLastName", undefined, "Last name is required"],
    ["customerEmail", "", "Valid email is required"],
    ["customerEmail", "ana@", "Valid email is required"],
    ["customerEmail", "not an email", "Valid email is required"],
    ["customerPhone", "", "Valid phone number is required"],
    ["customerPhone", "555-0100", "Valid phone number is required"],
    ["customerPhone", "123456789", "Valid phone number is required"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(messagesFor({ ...valid, [field]: value })[field]).toBe(message);
  });

  it("accepts a phone of exactly 10 characters", () => {
    expect(messagesFor({ ...valid, customerPhone: "9785550100" })).toEqual({});
  });

  it("reports every missing field of an empty submission at once", () => {
    expect(messagesFor({})).toEqual({
      serviceId: "Please select a service",
      bookingDate: "Please select a date",
      bookingTime: "Please select a time slot",
      customerFirstName: "First name is required",
      customerLastName: "Last name is required",
      customerEmail: "Valid email is required",
      customerPhone: "Valid phone number is required",
    });
  });
});

describe("bookingSchema: the customer's vehicle", () => {
  it("takes year, make, model, mileage and VIN, each optional; blanks are left out", () => {
    expect(
      bookingSchema.parse({
        ...valid,
        vehicleYear: "2019",
        vehicleMake: " Honda ",
        vehicleModel: "Civic",
        vehicleMileage: "42000",
        vehicleVin: "2hgfc2f59kh512345",
      }),
    ).toMatchObject({
      vehicleYear: 2019,
      vehicleMake: "Honda",
      vehicleModel: "Civic",
      vehicleMileage: 42000,
      vehicleVin: "2HGFC2F59KH512345",
    });
    const blank = bookingSchema.parse({
      ...valid,
      vehicleYear: "",
      vehicleMake: "",
      vehicleModel: " ",
      vehicleMileage: "",
      vehicleVin: "",
    });
    for (const field of ["vehicleYear", "vehicleMake", "vehicleModel", "vehicleMileage", "vehicleVin"] as const)
      expect(blank[field]).toBeUndefined();
  });

  it.each([
    ["vehicleYear", "1899", "Enter a valid year"],
    ["vehicleYear", String(new Date().getFullYear() + 2), "Enter a valid year"],
    ["vehicleYear", "20.5", "Enter a valid year"],
    ["vehicleMileage", "-1", "Enter the mileage as a whole number"],
    ["vehicleMileage", "lots", "Enter the mileage as a whole number"],
    ["vehicleVin", "123", "VIN must be 17 letters or digits"],
  ])("refuses %s %j with the field's message", (field, value, message) => {
    expect(messagesFor({ ...valid, [field]: value })[field]).toBe(message);
  });

  it("answers in the shopper's language", () => {
    const result = bookingSchemaFor(messagesForLocale("es")).safeParse({ ...valid, vehicleVin: "123" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("VIN no válido");
  });
});
