import type { FormPostFailed } from "~/shared/ui/form-post";

/**
 * Financing constants and helpers without zod, so the page's first JavaScript stays small:
 * the form imports these directly and loads the zod schema only when it first validates.
 */

/** docs/behaviour.md §3 employment options; the co-owner list adds student. */
export const EMPLOYMENT_STATUSES = ["employed", "self-employed", "retired", "unemployed"] as const;
export const CO_OWNER_EMPLOYMENT_STATUSES = [...EMPLOYMENT_STATUSES, "student"] as const;
export type EmploymentStatus = (typeof CO_OWNER_EMPLOYMENT_STATUSES)[number];

/** Upload limits (decoded bytes). The license limit is stated to the shopper. */
export const LICENSE_MAX_MB = 10;
export const LICENSE_MAX_BYTES = LICENSE_MAX_MB * 1024 * 1024;
export const SIGNATURE_MAX_MB = 1;
export const SIGNATURE_MAX_BYTES = SIGNATURE_MAX_MB * 1024 * 1024;

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)(;[a-z0-9-]+=[^;,]*)*;base64,([A-Za-z0-9+/]*={0,2})$/i;
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/jpg", "image/webp"]);

/** Splits a base64 data URL into its declared type and payload; null when it is not one. */
export function parseDataUrl(value: string): { mimeType: string; base64: string } | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  return { mimeType: match[1]!.toLowerCase(), base64: match[3]! };
}

/** Decoded size of a base64 payload without decoding it. */
export function base64DecodedBytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** "123456789" or "123-45-6789" (or a partial entry) shown as 000-00-0000 while typing. */
export function formatSsn(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 9);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

export const isAcceptedSignatureType = (mimeType: string) => IMAGE_TYPES.has(mimeType);
export const isAcceptedLicenseType = (mimeType: string) => IMAGE_TYPES.has(mimeType) || mimeType === "application/pdf";

/**
 * The financing route action's answer to the form, posted with or without JavaScript: the new id
 * (the confirmation then offers the PDF copy), or the field messages with the text typed, never
 * the SSN, dates of birth, signatures or license files, which the shopper enters again; `failed`
 * when the post with JavaScript got no answer.
 */
export type FinancingPostResult =
  | { kind: "submitted"; id: string }
  | { kind: "invalid"; fieldErrors: Record<string, string>; values: Record<string, string> }
  | { kind: "too-large" }
  | FormPostFailed;

/** Names of the no-JavaScript inputs: a file input per license, a typed name per signature. */
export const LICENSE_FILE_INPUT = { driverLicense: "driverLicenseFile", coOwnerDriverLicense: "coOwnerDriverLicenseFile" } as const;
export const TYPED_SIGNATURE_INPUT = { signature: "signatureTypedName", coOwnerSignature: "coOwnerSignatureTypedName" } as const;
