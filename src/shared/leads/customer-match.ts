import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A phone number as E.164 (+19785550134), read as a US number unless it carries its own country
 * code; null when it cannot be one. The same shopper types "(978) 555-0134" one day and
 * "978.555.0134" the next: both must find the one customer.
 */
export function phoneE164(phone: string | null | undefined): string | null {
  if (!phone?.trim()) return null;
  const parsed = parsePhoneNumberFromString(phone, "US");
  if (parsed?.isPossible()) return parsed.number;
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 7 ? `+${digits.length === 10 ? `1${digits}` : digits}` : null;
}

export const customerEmail = (email: string | null | undefined): string | null => email?.trim().toLowerCase() || null;

/** The keys a customer is found by, e-mail first: "email:maria@example.com", "phone:+19785550134". */
export function customerMatchKeys(email: string | null | undefined, phone: string | null | undefined): string[] {
  const keys: string[] = [];
  const e = customerEmail(email);
  if (e) keys.push(`email:${e}`);
  const p = phoneE164(phone);
  if (p) keys.push(`phone:${p}`);
  return keys;
}
