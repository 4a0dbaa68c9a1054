import crypto from "node:crypto";
import type { AppContext } from "~/server/context.server";
import {
  deleteFinancingApplication,
  findFinancingApplication,
  insertFinancingApplication,
  type FinancingApplicationRow,
  type NewFinancingApplicationRow,
} from "~/server/data/financing-applications.server";
import { deleteMailsFor } from "~/server/data/outbox.server";
import { deleteLead } from "~/server/data/leads.server";
import { assignArrivingLead, inLeadTransaction, registerLead } from "~/server/leads/register-lead.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import { findVehicle } from "~/server/data/vehicles.server";
import { sniffImageType } from "~/server/images/image-store.server";
import { decrypt, encrypt } from "~/server/secrets.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { CREDIT_CONSENT_VERSION } from "~/shared/config/credit-consent";
import { messagesFor } from "~/shared/i18n/catalogues";
import { asLocale, type Locale } from "~/shared/i18n/locales";
import type { LeadSource } from "~/shared/leads/lead-source";
import { financingApplicationMails, type FinancingLead } from "./financing-mails.server";
import { LICENSE_MAX_BYTES, SIGNATURE_MAX_BYTES, parseDataUrl, type EmploymentStatus, type FinancingApplication } from "./financing-schema";
import { inTransaction } from "~/server/db/transaction.server";

/** What a stored document really is, judged by its first bytes. */
export type DocumentKind = "png" | "jpeg" | "webp" | "pdf";
export type StoredDocument = { kind: DocumentKind; bytes: Buffer };

/** The Content-Type a stored document is served with. */
export const DOCUMENT_CONTENT_TYPES: Record<DocumentKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  pdf: "application/pdf",
};

/** The upload fields and the columns naming their encrypted files. */
const DOCUMENT_FIELDS = [
  { field: "signature", column: "signatureFile", suffix: "signature", accept: "image", maxBytes: SIGNATURE_MAX_BYTES },
  { field: "driverLicense", column: "driverLicenseFile", suffix: "license", accept: "image-or-pdf", maxBytes: LICENSE_MAX_BYTES },
  {
    field: "coOwnerSignature",
    column: "coOwnerSignatureFile",
    suffix: "co-owner-signature",
    accept: "image",
    maxBytes: SIGNATURE_MAX_BYTES,
  },
  {
    field: "coOwnerDriverLicense",
    column: "coOwnerDriverLicenseFile",
    suffix: "co-owner-license",
    accept: "image-or-pdf",
    maxBytes: LICENSE_MAX_BYTES,
  },
] as const;

type DocumentField = (typeof DOCUMENT_FIELDS)[number]["field"];

/** Uploads whose bytes are not what they claim to be; carries one message per field. */
export class FinancingDocumentError extends Error {
  constructor(readonly fieldErrors: Record<string, string>) {
    super("Rejected financing documents");
  }
}

/** The store's folder of encrypted documents (DATA_DIR/private or the bucket's private/); never served as files. */
export const PRIVATE_DOCUMENTS = "private";

/** Detects PNG/JPEG/WebP/PDF by magic bytes, never by the declared type or a file name. */
export function sniffDocumentKind(bytes: Uint8Array): DocumentKind | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") return "pdf";
  return null;
}

/** Decodes and checks one data URL by its bytes; returns the document or the field's message. */
function decodeDocument(dataUrl: string, accept: "image" | "image-or-pdf", maxBytes: number, locale: Locale): StoredDocument | string {
  const v = messagesFor(locale).financing.validation;
  const typeMessage = accept === "image" ? v.signatureType : v.licenseType;
  const parsed = parseDataUrl(dataUrl);
  if (!parsed) return typeMessage;
  const bytes = Buffer.from(parsed.base64, "base64");
  if (bytes.length === 0) return typeMessage;
  if (bytes.length > maxBytes) return v.fileTooLarge(maxBytes / 1024 / 1024);
  const kind = sniffDocumentKind(bytes);
  if (!kind || (accept === "image" && kind === "pdf")) return typeMessage;
  return { kind, bytes };
}

const encryptedFileName = (id: string, suffix: string) => `${id}-${suffix}.enc`;

/** The encrypted file's key in the store, refusing anything that is not a plain file name. */
export function documentKey(fileName: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(fileName) || fileName.includes("..")) throw new Error("Invalid document file name");
  return `${PRIVATE_DOCUMENTS}/${fileName}`;
}

/**
 * Stores a validated application: SSN and date of birth encrypted into the row, signatures and
 * licenses encrypted in this process, then stored as files (DATA_DIR/private or the bucket: the store
 * never sees them in the clear, decision 120). All or nothing: rejected documents store nothing, a
 * store that cannot be reached stores no row (503), and a failed insert removes the files it wrote.
 */
export async function submitFinancingApplication(
  ctx: AppContext,
  input: FinancingApplication,
  now = new Date(),
  locale: Locale = "en",
  source: LeadSource | null = null,
): Promise<{ id: string }> {
  const documents: Partial<Record<DocumentField, StoredDocument>> = {};
  const fieldErrors: Record<string, string> = {};
  for (const spec of DOCUMENT_FIELDS) {
    const value = input[spec.field];
    if (value === undefined) continue;
    const decoded = decodeDocument(value, spec.accept, spec.maxBytes, locale);
    if (typeof decoded === "string") fieldErrors[spec.field] = decoded;
    else documents[spec.field] = decoded;
  }
  if (Object.keys(fieldErrors).length) throw new FinancingDocumentError(fieldErrors);

  const id = crypto.randomUUID();
  const key = ctx.secrets.encryptionKey;
  const store = fileStoreFor(ctx);
  const written: string[] = [];
  const fileColumns: Record<string, string | null> = {};
  try {
    for (const spec of DOCUMENT_FIELDS) {
      const doc = documents[spec.field];
      if (!doc) {
        fileColumns[spec.column] = null;
        continue;
      }
      const name = encryptedFileName(id, spec.suffix);
      // Each file is stored whole (and, on the folder, flushed to disk) before the row that names it commits.
      await store.put(documentKey(name), Buffer.from(encrypt(key, doc.bytes), "utf8"), "application/octet-stream");
      written.push(documentKey(name));
      fileColumns[spec.column] = name;
    }
    const co = input.hasCoOwner;
    const row: NewFinancingApplicationRow = {
      id,
      createdAt: now.toISOString(),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      ssnEnc: encrypt(key, input.ssn),
      dateOfBirthEnc: encrypt(key, input.dateOfBirth),
      employmentStatus: input.employmentStatus,
      employer: input.employer ?? null,
      monthlyIncome: input.monthlyIncome,
      vehicleOfInterest: input.vehicleOfInterest ?? null,
      downPayment: input.downPayment ?? null,
      hasTradeIn: input.hasTradeIn ? 1 : 0,
      tradeInDetails: input.hasTradeIn ? (input.tradeInDetails ?? null) : null,
      hasCoOwner: co ? 1 : 0,
      coOwnerFirstName: co ? (input.coOwnerFirstName ?? null) : null,
      coOwnerLastName: co ? (input.coOwnerLastName ?? null) : null,
      coOwnerEmail: co ? (input.coOwnerEmail ?? null) : null,
      coOwnerPhone: co ? (input.coOwnerPhone ?? null) : null,
      coOwnerDateOfBirthEnc: co && input.coOwnerDateOfBirth ? encrypt(key, input.coOwnerDateOfBirth) : null,
      coOwnerSsnEnc: co && input.coOwnerSsn ? encrypt(key, input.coOwnerSsn) : null,
      coOwnerEmploymentStatus: co ? (input.coOwnerEmploymentStatus ?? null) : null,
      coOwnerEmployer: co ? (input.coOwnerEmployer ?? null) : null,
      coOwnerMonthlyIncome: co ? (input.coOwnerMonthlyIncome ?? null) : null,
      signatureFile: fileColumns.signatureFile ?? null,
      driverLicenseFile: fileColumns.driverLicenseFile ?? null,
      coOwnerSignatureFile: fileColumns.coOwnerSignatureFile ?? null,
      coOwnerDriverLicenseFile: fileColumns.coOwnerDriverLicenseFile ?? null,
      locale,
      // The schema only accepts creditConsent === true: record which wording was agreed to, and when.
      creditConsentVersion: CREDIT_CONSENT_VERSION,
      creditConsentAt: now.toISOString(),
      // The co-applicant's own authorization, which the schema requires with a co-applicant (decision 097).
      coOwnerCreditConsentVersion: co ? CREDIT_CONSENT_VERSION : null,
      coOwnerCreditConsentAt: co ? now.toISOString() : null,
    };
    // The row and its mails commit together: a stored application is always announced.
    await inLeadTransaction(ctx.db, { type: "financing", locale }, now, async (trx) => {
      // Only the id the vehicle page sent names a stock vehicle; free text is never matched to
      // one (a guess could attach another unit's VIN and price). A vehicle sold or deleted since
      // the page was opened is left out, and staff are told why (decision 057).
      const found = input.vehicleId ? await findVehicle(trx, input.vehicleId) : null;
      const stockVehicle = found && found.status !== "sold" ? found : null;
      await insertFinancingApplication(trx, { ...row, vehicleId: stockVehicle?.id ?? null });
      const lead: FinancingLead = {
        id,
        createdAt: row.createdAt,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
        address: { street: row.address, city: row.city, state: row.state, zipCode: row.zipCode },
        vehicleOfInterest: row.vehicleOfInterest ?? null,
        unavailableVehicleId: input.vehicleId && !stockVehicle ? input.vehicleId : null,
        downPayment: row.downPayment ?? null,
        hasTradeIn: input.hasTradeIn,
        tradeInDetails: row.tradeInDetails ?? null,
        locale,
        source,
      };
      const arriving = await registerLead(
        trx,
        {
          type: "financing",
          id,
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          phone: row.phone,
          locale,
          vehicleId: stockVehicle?.id ?? null,
          source,
        },
        now,
      );
      // Staff and the CRM see the price the shopper saw: with the documentation fee (L2).
      const { docFee } = (await readDealSettings(trx)).settings;
      await assignArrivingLead(trx, ctx.env, arriving, financingApplicationMails(ctx.env, lead, stockVehicle, docFee), now);
    });
  } catch (error) {
    // Best effort: with the store out of reach these stay, unreadable without the key and named by no
    // row, until the retention sweep removes them (removeOrphanFinancingDocuments).
    await store.remove(written).catch(() => undefined);
    throw error;
  }
  return { id };
}

/** Reads and decrypts one stored document; null when the file is missing (a store out of reach throws StorageUnavailableError). */
export async function readFinancingDocument(ctx: AppContext, fileName: string | null): Promise<StoredDocument | null> {
  if (!fileName) return null;
  const stored = await fileStoreFor(ctx).get(documentKey(fileName));
  if (!stored) return null;
  const bytes = decrypt(ctx.secrets.encryptionKey, stored.toString("utf8"));
  const kind = sniffDocumentKind(bytes);
  return kind ? { kind, bytes } : null;
}

type Person = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  ssn: string;
  employmentStatus: EmploymentStatus;
  employer: string | null;
  monthlyIncome: number;
  signature: StoredDocument | null;
  driverLicense: StoredDocument | null;
};

/** A stored application with its sensitive fields decrypted and its documents loaded. */
export type DecryptedFinancingApplication = {
  id: string;
  createdAt: string;
  applicant: Person & { address: string; city: string; state: string; zipCode: string };
  coApplicant: (Person & { creditConsent: { version: string; at: string } | null }) | null;
  vehicleOfInterest: string | null;
  /** The stock vehicle whose page opened the form (null: none, or deleted since). */
  stockVehicle: { year: number; make: string; model: string } | null;
  downPayment: number | null;
  hasTradeIn: boolean;
  tradeInDetails: string | null;
  /** Null for applications made before the consent was asked. */
  creditConsent: { version: string; at: string } | null;
  /** The language the shopper applied in: their PDF copy is written in it. */
  locale: Locale;
};

/**
 * Loads one application, decrypted, with its documents (unless `documents: false`: an SSN
 * reveal needs no files). The one place an application is decrypted, for the staff views and
 * the PDF; callers must check access and never log the result.
 */
export async function loadFinancingApplication(
  ctx: AppContext,
  id: string,
  { documents = true }: { documents?: boolean } = {},
): Promise<DecryptedFinancingApplication | null> {
  const row = await findFinancingApplication(ctx.db, id);
  if (!row) return null;
  const key = ctx.secrets.encryptionKey;
  const text = (sealed: string | null) => (sealed ? decrypt(key, sealed).toString("utf8") : "");
  const read = (fileName: string | null) => (documents ? readFinancingDocument(ctx, fileName) : Promise.resolve(null));
  const [signature, driverLicense, coSignature, coLicense, vehicle] = await Promise.all([
    read(row.signatureFile),
    read(row.driverLicenseFile),
    read(row.coOwnerSignatureFile),
    read(row.coOwnerDriverLicenseFile),
    row.vehicleId ? findVehicle(ctx.db, row.vehicleId) : null,
  ]);
  const locale = asLocale(row.locale);
  return {
    id: row.id,
    createdAt: row.createdAt,
    locale,
    applicant: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      address: row.address,
      city: row.city,
      state: row.state,
      zipCode: row.zipCode,
      dateOfBirth: text(row.dateOfBirthEnc),
      ssn: text(row.ssnEnc),
      employmentStatus: row.employmentStatus as EmploymentStatus,
      employer: row.employer,
      monthlyIncome: row.monthlyIncome,
      signature,
      driverLicense,
    },
    coApplicant: row.hasCoOwner
      ? {
          firstName: row.coOwnerFirstName ?? "",
          lastName: row.coOwnerLastName ?? "",
          email: row.coOwnerEmail ?? "",
          phone: row.coOwnerPhone ?? "",
          dateOfBirth: text(row.coOwnerDateOfBirthEnc),
          ssn: text(row.coOwnerSsnEnc),
          employmentStatus: (row.coOwnerEmploymentStatus ?? "") as EmploymentStatus,
          employer: row.coOwnerEmployer,
          monthlyIncome: row.coOwnerMonthlyIncome ?? 0,
          signature: coSignature,
          driverLicense: coLicense,
          creditConsent:
            row.coOwnerCreditConsentVersion && row.coOwnerCreditConsentAt
              ? { version: row.coOwnerCreditConsentVersion, at: row.coOwnerCreditConsentAt }
              : null,
        }
      : null,
    vehicleOfInterest: row.vehicleOfInterest,
    stockVehicle: vehicle ? { year: vehicle.year, make: vehicle.make, model: vehicle.model } : null,
    downPayment: row.downPayment,
    hasTradeIn: row.hasTradeIn === 1,
    tradeInDetails: row.tradeInDetails,
    creditConsent: row.creditConsentVersion && row.creditConsentAt ? { version: row.creditConsentVersion, at: row.creditConsentAt } : null,
  };
}

/** Removes the encrypted files a row names (missing files are fine). */
export async function removeFinancingDocuments(ctx: AppContext, row: FinancingApplicationRow): Promise<void> {
  const names = [row.signatureFile, row.driverLicenseFile, row.coOwnerSignatureFile, row.coOwnerDriverLicenseFile].filter(
    (name): name is string => !!name,
  );
  await fileStoreFor(ctx).remove(names.map(documentKey));
}

/**
 * Deletes an application's row and its outbox mails in one transaction (the mails copy the
 * applicant's name, contacts and vehicle: decision 046). False when there was no such row.
 */
export async function deleteFinancingRecord(ctx: AppContext, id: string): Promise<boolean> {
  return inTransaction(ctx.db, async (trx) => {
    if (!(await deleteFinancingApplication(trx, id))) return false;
    await deleteMailsFor(trx, "financing", id);
    await deleteLead(trx, "financing", id);
    return true;
  });
}

/** Deletes one application: its row and mails, then its files. False when there is no such application. */
export async function removeFinancingApplication(ctx: AppContext, id: string): Promise<boolean> {
  const row = await findFinancingApplication(ctx.db, id);
  if (!row) return false;
  const deleted = await deleteFinancingRecord(ctx, id);
  await removeFinancingDocuments(ctx, row);
  return deleted;
}
