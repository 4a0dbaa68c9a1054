import { validApplicationInput } from "./financing-test-data";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import {
  CO_OWNER_EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUSES,
  LICENSE_MAX_BYTES,
  financingApplicationSchema as financingSchemaFor,
  formatSsn,
} from "./financing-schema";
import { en } from "~/shared/i18n/en";

const financingApplicationSchema = financingSchemaFor(en);

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const PDF = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n%%EOF").toString("base64")}`;

const valid = validApplicationInput(
  { signature: PNG, driverLicense: PNG },
  { lastName: "Doe", employer: "Acme", vehicleOfInterest: "2019 Honda Civic", downPayment: "", tradeInDetails: "" },
);

const coOwner = {
  coOwnerFirstName: "John",
  coOwnerLastName: "Doe",
  coOwnerEmail: "john@example.com",
  coOwnerPhone: "9785550101",
  coOwnerDateOfBirth: "1986-05-13",
  coOwnerSsn: "987654321",
  coOwnerEmploymentStatus: "student",
  coOwnerEmployer: "",
  coOwnerMonthlyIncome: "1500",
  coOwnerSignature: PNG,
  coOwnerDriverLicense: PDF,
  coOwnerCreditConsent: true,
};

function errorsFor(input: Record<string, unknown>): Record<string, string> {
  const result = financingApplicationSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("financing schema: primary applicant (spec §5)", () => {
  it("accepts a complete application and coerces / normalises values", () => {
    const result = financingApplicationSchema.parse({ ...valid, ssn: "123456789" });
    expect(result.ssn).toBe("123-45-6789");
    expect(result.monthlyIncome).toBe(4200);
    expect(result.downPayment).toBeUndefined();
    expect(result.hasTradeIn).toBe(false);
    expect(result.hasCoOwner).toBe(false);
    expect(result).not.toHaveProperty("coOwnerFirstName");
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["firstName", "   ", "First name is required"],
    ["lastName", "", "Last name is required"],
    ["email", "not-an-email", "Valid email is required"],
    ["email", "", "Valid email is required"],
    ["phone", "555-0100", "Valid phone number is required"],
    ["address", "12 M", "Address is required"],
    ["city", "F", "City is required"],
    ["state", "M", "State is required"],
    ["zipCode", "0142", "ZIP code is required"],
    ["ssn", "", "SSN is required (format: 000-00-0000)"],
    ["ssn", "12345678", "SSN is required (format: 000-00-0000)"],
    ["ssn", "123-45-678a", "SSN is required (format: 000-00-0000)"],
    ["dateOfBirth", "", "Date of birth is required"],
    ["dateOfBirth", "1985-02-30", "Date of birth is required"],
    ["dateOfBirth", "2999-01-01", "Date of birth is required"],
    ["employmentStatus", "", "Employment status is required"],
    ["employmentStatus", "student", "Employment status is required"],
    ["monthlyIncome", "", "Monthly income is required"],
    ["monthlyIncome", "abc", "Monthly income is required"],
    ["monthlyIncome", "-1", "Monthly income is required"],
    ["downPayment", "-5", "Down payment must be a positive number"],
    ["signature", "", "Signature is required"],
    ["signature", "hello", "Signature must be a PNG, JPEG or WebP image"],
    ["signature", PDF, "Signature must be a PNG, JPEG or WebP image"],
    ["driverLicense", "", "Driver's license is required"],
    ["driverLicense", "data:text/html;base64,PGgxPg==", "Driver's license must be an image (PNG, JPEG or WebP) or a PDF"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsFor({ ...valid, [field]: value })[field]).toBe(message);
  });

  it.each([
    "firstName",
    "lastName",
    "email",
    "phone",
    "address",
    "city",
    "state",
    "zipCode",
    "ssn",
    "dateOfBirth",
    "employmentStatus",
    "monthlyIncome",
    "signature",
    "driverLicense",
  ])("%s is required when missing entirely", (field) => {
    const input: Record<string, unknown> = { ...valid };
    delete input[field];
    expect(errorsFor(input)[field]).toBeTruthy();
  });

  it("monthly income 0 is accepted (min 0) and numbers pass through", () => {
    expect(financingApplicationSchema.parse({ ...valid, monthlyIncome: 0 }).monthlyIncome).toBe(0);
    expect(financingApplicationSchema.parse({ ...valid, monthlyIncome: 3100.5 }).monthlyIncome).toBe(3100.5);
  });

  it("down payment is optional and coerced", () => {
    expect(financingApplicationSchema.parse({ ...valid, downPayment: "2500" }).downPayment).toBe(2500);
    expect(financingApplicationSchema.parse({ ...valid, downPayment: undefined }).downPayment).toBeUndefined();
  });

  it("offers the four employment options to the applicant and adds student for the co-owner", () => {
    expect(EMPLOYMENT_STATUSES).toEqual(["employed", "self-employed", "retired", "unemployed"]);
    expect(CO_OWNER_EMPLOYMENT_STATUSES).toEqual(["employed", "self-employed", "retired", "unemployed", "student"]);
    for (const status of EMPLOYMENT_STATUSES)
      expect(financingApplicationSchema.safeParse({ ...valid, employmentStatus: status }).success).toBe(true);
  });

  it("keeps trade-in details only when the trade-in box is ticked", () => {
    expect(financingApplicationSchema.parse({ ...valid, hasTradeIn: false, tradeInDetails: "2012 Civic" }).tradeInDetails).toBeUndefined();
    const ticked = financingApplicationSchema.parse({ ...valid, hasTradeIn: true, tradeInDetails: "2012 Civic" });
    expect(ticked.hasTradeIn).toBe(true);
    expect(ticked.tradeInDetails).toBe("2012 Civic");
  });

  it("accepts a PDF driver's license and rejects one over the size limit", () => {
    expect(financingApplicationSchema.safeParse({ ...valid, driverLicense: PDF }).success).toBe(true);
    const big = `data:image/jpeg;base64,${"A".repeat(Math.ceil(((LICENSE_MAX_BYTES + 10) * 4) / 3))}`;
    expect(errorsFor({ ...valid, driverLicense: big }).driverLicense).toBe("File is too large: the limit is 10 MB");
  });

  it("formats SSN input as 000-00-0000 while typing", () => {
    expect(formatSsn("123")).toBe("123");
    expect(formatSsn("1234")).toBe("123-4");
    expect(formatSsn("123456")).toBe("123-45-6");
    expect(formatSsn("123-45-67890")).toBe("123-45-6789");
    expect(formatSsn("abc")).toBe("");
  });

  it("drops unknown keys", () => {
    expect(financingApplicationSchema.parse({ ...valid, isAdmin: true })).not.toHaveProperty("isAdmin");
  });
});

describe("financing schema: co-owner (spec §5, when hasCoOwner is true)", () => {
  it("ignores co-owner fields when the box is not ticked", () => {
    const result = financingApplicationSchema.parse({ ...valid, hasCoOwner: false, coOwnerFirstName: "", coOwnerEmail: "bad" });
    expect(result).not.toHaveProperty("coOwnerFirstName");
  });

  it("accepts a complete co-owner and normalises it", () => {
    const result = financingApplicationSchema.parse({ ...valid, hasCoOwner: true, ...coOwner });
    expect(result.coOwnerSsn).toBe("987-65-4321");
    expect(result.coOwnerMonthlyIncome).toBe(1500);
    expect(result.coOwnerEmploymentStatus).toBe("student");
    expect(result.coOwnerEmployer).toBeUndefined();
  });

  it.each([
    ["coOwnerFirstName", "", "Co-owner first name is required"],
    ["coOwnerLastName", "", "Co-owner last name is required"],
    ["coOwnerEmail", "nope", "Valid co-owner email is required"],
    ["coOwnerEmail", "", "Valid co-owner email is required"],
    ["coOwnerPhone", "123456789", "Co-owner phone is required"],
    ["coOwnerDateOfBirth", "", "Co-owner date of birth is required"],
    ["coOwnerSsn", "12345678", "Co-owner SSN is required"],
    ["coOwnerSsn", "", "Co-owner SSN is required"],
    ["coOwnerEmploymentStatus", "", "Co-owner employment status is required"],
    ["coOwnerEmploymentStatus", "astronaut", "Co-owner employment status is required"],
    ["coOwnerMonthlyIncome", "", "Co-owner monthly income is required"],
    ["coOwnerMonthlyIncome", "0", "Co-owner monthly income is required"],
    ["coOwnerMonthlyIncome", "x", "Co-owner monthly income is required"],
    ["coOwnerSignature", "", "Co-owner signature is required"],
    ["coOwnerDriverLicense", "", "Co-owner driver's license is required"],
    // The co-applicant authorizes their own credit report (decision 097): the applicant's box does not cover them.
    ["coOwnerCreditConsent", false, "The co-applicant must authorize their own credit check"],
    ["coOwnerCreditConsent", undefined, "The co-applicant must authorize their own credit check"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsFor({ ...valid, hasCoOwner: true, ...coOwner, [field]: value })[field]).toBe(message);
  });

  it("reports every missing co-owner field at once, alongside primary errors", () => {
    // Nothing but the box ticked: primary and co-owner messages come together.
    const errors = errorsFor({ hasCoOwner: true, employmentStatus: "", monthlyIncome: "" });
    expect(errors).toMatchObject({
      firstName: "First name is required",
      employmentStatus: "Employment status is required",
      monthlyIncome: "Monthly income is required",
      signature: "Signature is required",
      coOwnerFirstName: "Co-owner first name is required",
      coOwnerLastName: "Co-owner last name is required",
      coOwnerEmail: "Valid co-owner email is required",
      coOwnerPhone: "Co-owner phone is required",
      coOwnerDateOfBirth: "Co-owner date of birth is required",
      coOwnerSsn: "Co-owner SSN is required",
      coOwnerEmploymentStatus: "Co-owner employment status is required",
      coOwnerMonthlyIncome: "Co-owner monthly income is required",
      coOwnerSignature: "Co-owner signature is required",
      coOwnerDriverLicense: "Co-owner driver's license is required",
      coOwnerCreditConsent: "The co-applicant must authorize their own credit check",
    });
  });
});
