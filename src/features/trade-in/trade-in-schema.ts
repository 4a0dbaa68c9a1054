import { z } from "zod";
import type { TradeInMessages } from "~/shared/i18n/en/trade-in";
import {
  emailField,
  isOneLine,
  optionalMoneyField,
  phoneField,
  requiredText,
  wholeDollars,
  withoutControlCharacters,
} from "~/shared/validation/fields";

/** Name of the form's honeypot field: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = "website";
/** At most this many photos per request. */
export const MAX_TRADE_IN_PHOTOS = 10;
/** One photo as a data URL, at most ~15 MB of image (the image store's cap) in base64. */
const MAX_PHOTO_DATA_URL_LENGTH = 21_000_000;
const PHOTO_DATA_URL = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/;
export const TIRE_CONDITIONS = ["good", "fair", "poor"] as const;
export const TITLE_STATUSES = ["clean", "salvage", "rebuilt"] as const;
/** Cars older than this are not appraised online; the newest model year is next year's. */
const OLDEST_YEAR = 1950;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const toNumber = (value: unknown) => (blank(value) ? undefined : typeof value === "string" ? Number(value.replace(/[\s,$]/g, "")) : value);

/** A whole number from a number or numeric text ("12,500" accepted). */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(toNumber, z.number({ error: message }).int(message).min(min, message).max(max, message));

/** The same, optional: a blank field (a form sends "") is no number. */
const optionalWholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(toNumber, z.number({ error: message }).int(message).min(min, message).max(max, message).optional());

/** true/false from JSON, or a form's "true"/"false"/"yes"/"no"/"on". */
const yesNo = (message: string) =>
  z.preprocess(
    (value) =>
      typeof value === "string" ? ({ true: true, yes: true, on: true, false: false, no: false } as Record<string, boolean>)[value] : value,
    z.boolean({ error: message }),
  );

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z.string({ error: message }).refine(isOneLine, message).trim().max(max, message).optional(),
  );

/**
 * A form posts flat names ("condition.tires"); the JSON API nests them. Nesting the dotted names
 * lets one schema serve both, and its messages come back under the names the form's fields carry.
 */
function nestDottedNames(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const dot = key.indexOf(".");
    if (dot < 0) {
      out[key] = value;
      continue;
    }
    const [head, rest] = [key.slice(0, dot), key.slice(dot + 1)];
    const inner = (out[head] && typeof out[head] === "object" ? out[head] : {}) as Record<string, unknown>;
    out[head] = { ...inner, [rest]: value };
  }
  return out;
}

/**
 * The trade-in appraisal request, shared by the form and POST /api/trade-ins, with the field
 * messages of the shopper's language. Year, make and model may be left out when a VIN is given:
 * the server reads them from the VIN (and answers on the VIN field when it cannot).
 */
export const tradeInSchema = (m: TradeInMessages, now = new Date()) => {
  // Built once per language's messages and year: a zod schema costs a millisecond or two to build, on every post.
  const year = now.getUTCFullYear();
  let byYear = builtTradeInSchemas.get(m);
  if (!byYear) builtTradeInSchemas.set(m, (byYear = new Map()));
  let schema = byYear.get(year);
  if (!schema) byYear.set(year, (schema = buildTradeInSchema(m, year)));
  return schema;
};

function buildTradeInSchema(m: TradeInMessages, year: number) {
  const e = m.errors;
  return z.preprocess(
    nestDottedNames,
    z
      .object({
        vin: z.preprocess(
          (value) => (blank(value) ? undefined : typeof value === "string" ? value.trim().toUpperCase() : value),
          z
            .string({ error: e.vin })
            .regex(/^[A-HJ-NPR-Z0-9]{17}$/, e.vin)
            .optional(),
        ),
        year: optionalWholeNumber(e.year, OLDEST_YEAR, year + 1),
        make: optionalText(40, e.make),
        model: optionalText(60, e.model),
        trim: optionalText(60, e.trim),
        mileage: wholeNumber(e.mileage, 0, 999_999),
        zip: z
          .string({ error: e.zip })
          .trim()
          .regex(/^\d{5}(-\d{4})?$/, e.zip),
        condition: z.object(
          {
            accidents: wholeNumber(e.accidents, 0, 20),
            warningLights: yesNo(e.accidents).default(false),
            tires: z.enum(TIRE_CONDITIONS, { error: e.tires }),
            keys: wholeNumber(e.keys, 0, 10),
            smokedIn: yesNo(e.accidents).default(false),
            titleStatus: z.enum(TITLE_STATUSES, { error: e.titleStatus }),
          },
          { error: e.tires },
        ),
        payoff: optionalMoneyField(e.payoff, { max: 1_000_000, whole: true }),
        lender: optionalText(100, e.lender),
        photos: z
          .array(z.string().max(MAX_PHOTO_DATA_URL_LENGTH, e.photo).regex(PHOTO_DATA_URL, e.photo), { error: e.photos })
          .max(MAX_TRADE_IN_PHOTOS, e.photos)
          .default([]),
        firstName: requiredText(e.firstName).pipe(z.string().max(100, e.firstName)),
        lastName: requiredText(e.lastName).pipe(z.string().max(100, e.lastName)),
        email: emailField(e.email).pipe(z.string().max(254, e.email)),
        phone: phoneField(e.phone).pipe(z.string().max(40, e.phone)),
        // The optional consent to calls and texts (decision 094): ticked or not, the request is taken.
        textConsent: z.preprocess((value) => value === true || value === "true" || value === "on", z.boolean()).default(false),
        [HONEYPOT_FIELD]: z.string().max(500).optional(),
      })
      .superRefine(
        (v, ctx) => {
          // Without a VIN the shopper names the car; with one, the decoder does (checked by the server).
          if (v.vin) return;
          if (v.year === undefined) ctx.addIssue({ code: "custom", path: ["year"], message: e.year });
          if (!v.make) ctx.addIssue({ code: "custom", path: ["make"], message: e.make });
          if (!v.model) ctx.addIssue({ code: "custom", path: ["model"], message: e.model });
        },
        // Also when other fields are wrong, so the shopper sees every message at once.
        { when: (payload) => typeof payload.value === "object" && payload.value !== null },
      ),
  );
}

const builtTradeInSchemas = new WeakMap<TradeInMessages, Map<number, ReturnType<typeof buildTradeInSchema>>>();

export type TradeInFormValues = z.output<ReturnType<typeof tradeInSchema>>;

/** POST /api/admin/trade-ins/{id}/offer: a range in whole dollars, how long it holds, and a note. */
export const tradeInOfferSchema = z
  .object({
    // Digits only, from the dialog's text or a JSON number: "0x10" or "1e4" is refused, not read as money (decision 090).
    low: wholeDollars("Low must be a whole number of dollars", 0, 1_000_000),
    high: wholeDollars("High must be a whole number of dollars", 0, 1_000_000),
    validDays: z
      .number({ error: "Valid days must be 1 to 90" })
      .int("Valid days must be 1 to 90")
      .min(1, "Valid days must be 1 to 90")
      .max(90, "Valid days must be 1 to 90"),
    note: z.string().overwrite(withoutControlCharacters).trim().max(2000, "Note is at most 2,000 characters").default(""),
  })
  .refine((o) => o.high >= o.low, { path: ["high"], message: "High must be at least the low end" });

export type TradeInOfferInput = z.output<typeof tradeInOfferSchema>;
