import { z } from "zod";

/**
 * Field schemas every form shares, defined once. Each takes the message for the
 * form it is used in (docs/behaviour.md §5).
 */
// C0 controls other than tab and line breaks, and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Drops control characters (NUL and the like) that no keyboard types: SQLite's length()
 * stops at NUL, so "\0" would pass a "required" check here and fail the table's CHECK.
 */
export const withoutControlCharacters = (value: string) => value.replace(CONTROL_CHARACTERS, "");

/**
 * A line break or other control character, Unicode's line and paragraph separators included: a name,
 * an address or a subject is one line. Taken as typed, "Eve\r\nPhone: …" forged lines in the body of
 * the staff mail and the shopper's acknowledgement (review L-10).
 */
// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[\u0000-\u001F\u007F\u2028\u2029]/;
export const isOneLine = (value: string) => !NOT_ONE_LINE.test(value);

/** Required text on one line (a name, an address, a subject): any control character or line break is refused with `message`. */
export const requiredText = (message: string, min = 1) => z.string({ error: message }).refine(isOneLine, message).trim().min(min, message);

/**
 * Required text of several lines (a message, a note): line breaks and tabs kept, other control
 * characters dropped. Mails show it as quoted text (renderMail's "quote"), never as lines of their own.
 */
export const requiredMultilineText = (message: string, min = 1) =>
  z.string({ error: message }).overwrite(withoutControlCharacters).trim().min(min, message);

/** A valid e-mail address. */
export const emailField = (message: string) => z.string({ error: message }).trim().pipe(z.email(message));

/**
 * Whether an address's domain has the syntax mail can be delivered to (RFC 1035 §2.3.1 labels, as
 * RFC 5321 §4.1.2 takes them): at least two labels of letters, digits and inner hyphens, none longer
 * than 63 characters, 253 in all, ending in an alphabetic top-level label (or an IDNA "xn--" one);
 * the local part at most 64 characters (RFC 5321 §4.5.3.1.1).
 */
export function hasMailableDomain(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at < 1 || at > 64) return false;
  const domain = email.slice(at + 1);
  if (domain.length > 253) return false;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label))) return false;
  return /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i.test(labels[labels.length - 1]!);
}

/** An address mail can be sent to: valid, with a deliverable domain's syntax (the alerts' double opt-in). */
export const mailableEmailField = (message: string) =>
  emailField(message)
    .transform((email) => email.toLowerCase())
    .refine(hasMailableDomain, message);

/** At least 10 characters (docs/behaviour.md §9 phone minimum). */
export const PHONE_MIN_LENGTH = 10;
export const phoneField = (message: string) =>
  z.string({ error: message }).refine(isOneLine, message).trim().min(PHONE_MIN_LENGTH, message);

/** Plain decimal digits with at most two decimals ("1500", "1500.5", "1500.50"); whole dollars without the decimals. */
const DOLLARS_TEXT = /^\d{1,10}(?:\.\d{1,2})?$/;

export type MoneyRules = {
  /** Inclusive unless `exclusiveMin`; default 0 (money is never negative). */
  min?: number;
  exclusiveMin?: boolean;
  max?: number;
  /** Whole dollars: no cents. */
  whole?: boolean;
  /** The message for an amount with cents where whole dollars are asked for (default: the field's message). */
  wholeMessage?: string;
};

/**
 * An amount of money as the forms (text) and the JSON API (a number) send it: text must be plain
 * decimal digits with at most two decimals, so "0x10", "1e1", "+5", "-5", " 5 5", "1,500" and
 * "Infinity" are refused with the field's message instead of being read as numbers; a number must
 * be finite, within the bounds, in whole cents (or whole dollars). Never below 0.
 */
function moneyValue(message: string, { min = 0, exclusiveMin = false, max = 10_000_000, whole = false, wholeMessage }: MoneyRules) {
  return z
    .number({ error: message })
    .refine((n) => Number.isFinite(n) && (exclusiveMin ? n > min : n >= min) && n <= max, message)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, message)
    .refine((n) => !whole || Number.isInteger(n), wholeMessage ?? message);
}
const toMoney = (value: unknown) => {
  if (typeof value !== "string") return value;
  const text = value.trim();
  // Blank is no amount (a required field then says so, an optional one takes it as left out).
  if (text === "") return undefined;
  return DOLLARS_TEXT.test(text) ? Number(text) : Number.NaN;
};

/** A required amount of money (MoneyRules): see moneyValue for what is accepted. */
export const moneyField = (message: string, rules: MoneyRules = {}) => z.preprocess(toMoney, moneyValue(message, rules));

/** Whole US dollars from a number or digits only; `min` inclusive; cents get `wholeMessage`. */
export const wholeDollars = (message: string, min = 0, max = 10_000_000, wholeMessage?: string) =>
  moneyField(message, { min, max, whole: true, wholeMessage });

/** Optional free text: empty becomes undefined. One line unless `multiline` (notes, details), as for requiredText. */
export const optionalText = (max = 2000, { multiline = false } = {}) =>
  (multiline ? z.string().overwrite(withoutControlCharacters) : z.string().refine(isOneLine))
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A UUID as the server generates them (lower-case accepted either way); `message` for a form's field. */
export const uuidField = (message?: string) =>
  z.string({ error: message }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message);

/** VIN: upper-cased, exactly 17 letters or digits (docs/behaviour.md §5 Vehicle form). */
export const vinField = (requiredMessage: string, lengthMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((v) => v.toUpperCase())
    // Letters and digits only: an emoji counts twice in JavaScript but once in SQLite's length(vin) = 17 CHECK.
    .pipe(z.string().regex(/^[A-Z0-9]{17}$/, lengthMessage));

/** A calendar date as yyyy-MM-dd that exists. */
export const isoDateField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, message);

const blankToUndefined = (value: unknown) =>
  value === "" || value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** An optional whole number from a number or numeric text (a year, a mileage): blank is undefined. */
export const optionalWholeNumber = (message: string, { min, max }: { min: number; max: number }) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional());

/** An optional VIN with the same rule as vinField: blank is undefined. */
export const optionalVinField = (message: string) => z.preprocess(blankToUndefined, vinField(message, message).optional());

/** An optional amount of money (MoneyRules, dollars and cents by default): blank is undefined. */
export const optionalMoneyField = (message: string, rules: MoneyRules = {}) =>
  z.preprocess((value) => toMoney(blankToUndefined(value)), moneyValue(message, rules).optional());

/** An optional amount in dollars with at most two decimals (cents), 0 to `max`: blank is undefined. */
export const optionalDollarsAndCents = (message: string, max = 10_000_000) => optionalMoneyField(message, { max });
