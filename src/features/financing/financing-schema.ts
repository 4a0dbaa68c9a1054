import { z } from "zod";
import type { Messages } from "~/shared/i18n/en";
import {
  emailField,
  isoDateField,
  moneyField,
  optionalMoneyField,
  optionalText,
  phoneField,
  requiredText,
  uuidField,
} from "~/shared/validation/fields";
import {
  CO_OWNER_EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUSES,
  LICENSE_MAX_BYTES,
  SIGNATURE_MAX_BYTES,
  base64DecodedBytes,
  formatSsn,
  isAcceptedLicenseType,
  isAcceptedSignatureType,
  parseDataUrl,
} from "./financing-fields";

export {
  CO_OWNER_EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUSES,
  LICENSE_MAX_BYTES,
  LICENSE_MAX_MB,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_MB,
  base64DecodedBytes,
  formatSsn,
  isAcceptedLicenseType,
  isAcceptedSignatureType,
  parseDataUrl,
  type EmploymentStatus,
} from "./financing-fields";

const SSN_PATTERN = /^\d{3}-?\d{2}-?\d{4}$/;

/** Nine digits with or without dashes, stored as 000-00-0000 (docs/behaviour.md §5: min 9). */
const ssnField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => SSN_PATTERN.test(value), message)
    .transform(formatSsn);

/** A real calendar date (yyyy-MM-dd from a date input), not in the future. */
const dateOfBirthField = (message: string) =>
  isoDateField(message).refine((value) => value >= "1900-01-01" && value <= new Date().toISOString().slice(0, 10), message);

const emptyToUndefined = (value: unknown) =>
  value === "" || value === null || (typeof value === "number" && Number.isNaN(value)) ? undefined : value;

/** A base64 data URL of an accepted type and size; the server re-checks the bytes themselves. */
const dataUrlField = (
  requiredMessage: string,
  accept: (mimeType: string) => boolean,
  typeMessage: string,
  maxBytes: number,
  tooLargeMessage: string,
) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine((value) => value === "" || isDataUrlOf(value, accept), typeMessage)
    .refine((value) => !isDataUrlOf(value, accept) || base64DecodedBytes(parseDataUrl(value)!.base64) <= maxBytes, tooLargeMessage);

function isDataUrlOf(value: string, accept: (mimeType: string) => boolean): boolean {
  const parsed = parseDataUrl(value);
  return parsed !== null && accept(parsed.mimeType);
}

/**
 * THE financing form's schemas (docs/behaviour.md §3 and §5), shared by the form (zodResolver) and
 * POST /api/financing, with the field messages of the shopper's language (`messages`: that
 * language's catalogue), so the module itself carries no text.
 */
function schemasFor({ financing, privacy }: Pick<Messages, "financing" | "privacy">) {
  const v = financing.validation;
  const signatureField = (message: string) =>
    dataUrlField(message, isAcceptedSignatureType, v.signatureType, SIGNATURE_MAX_BYTES, v.fileTooLarge(SIGNATURE_MAX_BYTES / 1024 / 1024));
  const licenseField = (message: string) =>
    dataUrlField(message, isAcceptedLicenseType, v.licenseType, LICENSE_MAX_BYTES, v.fileTooLarge(LICENSE_MAX_BYTES / 1024 / 1024));
  const nameField = (message: string) => requiredText(message).max(100, v.tooLong);

  /** The co-owner's rules, applied only when hasCoOwner is ticked (docs/behaviour.md §5). */
  const coOwner = z.object({
    coOwnerFirstName: nameField(v.coOwnerFirstName),
    coOwnerLastName: nameField(v.coOwnerLastName),
    coOwnerEmail: emailField(v.coOwnerEmail).pipe(z.string().max(254, v.coOwnerEmail)),
    coOwnerPhone: phoneField(v.coOwnerPhone).max(30, v.coOwnerPhone),
    coOwnerDateOfBirth: dateOfBirthField(v.coOwnerDateOfBirth),
    coOwnerSsn: ssnField(v.coOwnerSsn),
    coOwnerEmploymentStatus: z.enum(CO_OWNER_EMPLOYMENT_STATUSES, { error: v.coOwnerEmploymentStatus }),
    coOwnerEmployer: optionalText(200),
    // "Monthly income must be above 0" for the co-owner.
    coOwnerMonthlyIncome: moneyField(v.coOwnerMonthlyIncome, { min: 0, exclusiveMin: true }),
    coOwnerSignature: signatureField(v.coOwnerSignature),
    coOwnerDriverLicense: licenseField(v.coOwnerDriverLicense),
    /** The co-applicant's own credit authorization and certification (decision 097): must be ticked. */
    coOwnerCreditConsent: z.literal(true, { error: privacy.coApplicantConsent.required }),
  });

  const primary = {
    firstName: nameField(v.firstName),
    lastName: nameField(v.lastName),
    email: emailField(v.email).pipe(z.string().max(254, v.email)),
    phone: phoneField(v.phone).max(30, v.phone),
    address: requiredText(v.address, 5).max(200, v.tooLong),
    city: requiredText(v.city, 2).max(100, v.tooLong),
    state: requiredText(v.state, 2).max(50, v.tooLong),
    zipCode: requiredText(v.zipCode, 5).max(10, v.zipCode),
    ssn: ssnField(v.ssn),
    dateOfBirth: dateOfBirthField(v.dateOfBirth),
    employmentStatus: z.enum(EMPLOYMENT_STATUSES, { error: v.employmentStatus }),
    employer: optionalText(200),
    monthlyIncome: moneyField(v.monthlyIncome),
    vehicleOfInterest: optionalText(200),
    /**
     * The stock vehicle whose page opened the form ("Apply for Financing"): the lead names it.
     * Malformed is refused; a well-formed id of a vehicle no longer for sale is kept out of the
     * lead with a note to staff (decision 057), since the shopper cannot fix a hidden field.
     */
    vehicleId: z.preprocess(
      emptyToUndefined,
      uuidField(v.vehicleId)
        .transform((id) => id.toLowerCase())
        .optional(),
    ),
    downPayment: optionalMoneyField(v.downPayment),
    hasTradeIn: z.boolean().default(false),
    tradeInDetails: optionalText(2000, { multiline: true }),
    signature: signatureField(v.signature),
    driverLicense: licenseField(v.driverLicense),
    hasCoOwner: z.boolean().default(false),
    /** The credit-check and lender-sharing authorization: must be ticked. */
    creditConsent: z.literal(true, { error: privacy.creditConsent.required }),
  };
  return { coOwner, primary };
}

/** The co-owner's rules in a language (checked only when hasCoOwner is ticked). */
export const coOwnerSchema = (messages: Pick<Messages, "financing" | "privacy">) => schemasFor(messages).coOwner;

type Schemas = ReturnType<typeof schemasFor>;
export type CoOwnerFields = z.output<Schemas["coOwner"]>;
type PrimaryFields = z.output<z.ZodObject<Schemas["primary"]>>;

/** A validated application: co-owner fields are present only when hasCoOwner is true. */
export type FinancingApplication = PrimaryFields & Partial<CoOwnerFields>;

/** The co-owner's field names (the same in every language). */
const coOwnerKeys = [
  "coOwnerFirstName",
  "coOwnerLastName",
  "coOwnerEmail",
  "coOwnerPhone",
  "coOwnerDateOfBirth",
  "coOwnerSsn",
  "coOwnerEmploymentStatus",
  "coOwnerEmployer",
  "coOwnerMonthlyIncome",
  "coOwnerSignature",
  "coOwnerDriverLicense",
  "coOwnerCreditConsent",
] as const satisfies readonly (keyof CoOwnerFields)[];

/** Co-owner inputs are accepted loosely here and checked by the co-owner schema only when hasCoOwner is true. */
const coOwnerInputShape = {
  ...(Object.fromEntries(coOwnerKeys.map((key) => [key, z.unknown().optional()])) as {
    [K in keyof CoOwnerFields]: z.ZodOptional<z.ZodUnknown>;
  }),
  // A checkbox: the posted form reads it as one (formInput), the co-owner schema then requires it ticked.
  coOwnerCreditConsent: z.boolean().optional(),
};

/**
 * THE financing form schema (docs/behaviour.md §3 and §5) in a language, shared by the form (zodResolver)
 * and POST /api/financing. Trade-in details are kept only when hasTradeIn is ticked.
 */
export const financingApplicationSchema = (messages: Pick<Messages, "financing" | "privacy">) => {
  const { coOwner, primary } = schemasFor(messages);
  return z
    .object({ ...primary, ...coOwnerInputShape })
    .superRefine(
      (data, ctx) => {
        if (data.hasCoOwner !== true) return;
        const result = coOwner.safeParse(pickCoOwner(data));
        if (result.success) return;
        for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      },
      {
        // Run even when primary fields failed, so every message shows at once.
        when: (payload) => typeof payload.value === "object" && payload.value !== null,
      },
    )
    .transform((data): FinancingApplication => {
      const fields = Object.fromEntries(
        Object.entries(data).filter(([key]) => !(coOwnerKeys as readonly string[]).includes(key)),
      ) as PrimaryFields;
      if (!fields.hasTradeIn) fields.tradeInDetails = undefined;
      if (!fields.hasCoOwner) return fields;
      return { ...fields, ...coOwner.parse(pickCoOwner(data)) };
    });
};

function pickCoOwner(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(coOwnerKeys.map((key) => [key, data[key]]));
}

export type FinancingFormInput = z.input<ReturnType<typeof financingApplicationSchema>>;
