import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import {
  findFinancingApplication,
  listFinancingApplications,
  type FinancingApplicationRow,
} from "~/server/data/financing-applications.server";
import { decrypt } from "~/server/secrets.server";

/** One row of the Financing Apps list: no sensitive fields. */
export type FinancingSummary = {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  coOwnerFirstName: string | null;
  coOwnerLastName: string | null;
  vehicleOfInterest: string | null;
};

export const DOCUMENT_KINDS = ["signature", "driverLicense", "coOwnerSignature", "coOwnerDriverLicense"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

type Person = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  ssnMasked: string;
  employmentStatus: string;
  employer: string | null;
  monthlyIncome: number;
  documents: { signature: DocumentInfo | null; driverLicense: DocumentInfo | null };
};
type DocumentInfo = { kind: DocumentKind; contentType: string };

/** Everything the details dialog shows; the SSN only masked (revealed on request). */
export type FinancingDetails = {
  id: string;
  createdAt: string;
  applicant: Person & { address: string; city: string; state: string; zipCode: string };
  coApplicant: Person | null;
  vehicleOfInterest: string | null;
  downPayment: number | null;
  hasTradeIn: boolean;
  tradeInDetails: string | null;
};

export async function listFinancingSummaries(ctx: AppContext): Promise<FinancingSummary[]> {
  const rows = await listFinancingApplications(ctx.db);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    coOwnerFirstName: r.hasCoOwner ? r.coOwnerFirstName : null,
    coOwnerLastName: r.hasCoOwner ? r.coOwnerLastName : null,
    vehicleOfInterest: r.vehicleOfInterest,
  }));
}

const openText = (ctx: AppContext, sealed: string | null) => (sealed ? decrypt(ctx.secrets.encryptionKey, sealed).toString("utf8") : "");

export function maskSsn(ssn: string): string {
  const digits = ssn.replace(/\D/g, "");
  return `***-**-${digits.slice(-4).padStart(4, "*")}`;
}

/**
 * What the admin feature needs from the financing feature's document storage, injected by
 * src/app/http/api.server.ts (features never import each other).
 */
export type FinancingStore = {
  /** Decrypts one stored document; its content type comes from its bytes. */
  readDocument: (fileName: string) => Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Deletes an application's row and its encrypted files; false when no such application. */
  removeApplication: (id: string) => Promise<boolean>;
};

function fileColumn(kind: DocumentKind): keyof FinancingApplicationRow {
  return `${kind}File` as keyof FinancingApplicationRow;
}

async function documentInfo(store: FinancingStore, row: FinancingApplicationRow, kind: DocumentKind): Promise<DocumentInfo | null> {
  const name = row[fileColumn(kind)] as string | null;
  if (!name) return null;
  const doc = await store.readDocument(name).catch(() => null);
  return doc ? { kind, contentType: doc.contentType } : null;
}

/** The full application for staff, recorded as a view in the audit log. */
export async function viewFinancingApplication(
  ctx: AppContext,
  store: FinancingStore,
  actor: string,
  id: string,
): Promise<FinancingDetails | null> {
  const row = await findFinancingApplication(ctx.db, id);
  if (!row) return null;
  await insertAuditEntry(ctx.db, { actor, action: "view", entity: "financing_application", entityId: id });
  const applicant = {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    dateOfBirth: openText(ctx, row.dateOfBirthEnc),
    ssnMasked: maskSsn(openText(ctx, row.ssnEnc)),
    employmentStatus: row.employmentStatus,
    employer: row.employer,
    monthlyIncome: row.monthlyIncome,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    documents: { signature: await documentInfo(store, row, "signature"), driverLicense: await documentInfo(store, row, "driverLicense") },
  };
  const coApplicant: Person | null = row.hasCoOwner
    ? {
        firstName: row.coOwnerFirstName ?? "",
        lastName: row.coOwnerLastName ?? "",
        email: row.coOwnerEmail ?? "",
        phone: row.coOwnerPhone ?? "",
        dateOfBirth: openText(ctx, row.coOwnerDateOfBirthEnc),
        ssnMasked: maskSsn(openText(ctx, row.coOwnerSsnEnc)),
        employmentStatus: row.coOwnerEmploymentStatus ?? "",
        employer: row.coOwnerEmployer,
        monthlyIncome: row.coOwnerMonthlyIncome ?? 0,
        documents: {
          signature: await documentInfo(store, row, "coOwnerSignature"),
          driverLicense: await documentInfo(store, row, "coOwnerDriverLicense"),
        },
      }
    : null;
  return {
    id: row.id,
    createdAt: row.createdAt,
    applicant,
    coApplicant,
    vehicleOfInterest: row.vehicleOfInterest,
    downPayment: row.downPayment,
    hasTradeIn: row.hasTradeIn === 1,
    tradeInDetails: row.tradeInDetails,
  };
}

/** The full SSN of the applicant or co-applicant, recorded in the audit log. */
export async function revealSsn(ctx: AppContext, actor: string, id: string, who: "applicant" | "coApplicant"): Promise<string | null> {
  const row = await findFinancingApplication(ctx.db, id);
  if (!row) return null;
  const sealed = who === "applicant" ? row.ssnEnc : row.coOwnerSsnEnc;
  if (!sealed) return null;
  await insertAuditEntry(ctx.db, {
    actor,
    action: who === "applicant" ? "reveal-ssn" : "reveal-co-ssn",
    entity: "financing_application",
    entityId: id,
  });
  return openText(ctx, sealed);
}

/** One decrypted document of an application, recorded in the audit log. */
export async function financingDocument(
  ctx: AppContext,
  store: FinancingStore,
  actor: string,
  id: string,
  kind: DocumentKind,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const row = await findFinancingApplication(ctx.db, id);
  const name = row?.[fileColumn(kind)] as string | null | undefined;
  if (!row || !name) return null;
  const doc = await store.readDocument(name);
  if (doc) await insertAuditEntry(ctx.db, { actor, action: `view-${kind}`, entity: "financing_application", entityId: id });
  return doc;
}

/** Deletes an application row and its encrypted document files, recorded in the audit log. */
export async function removeFinancingApplication(ctx: AppContext, store: FinancingStore, actor: string, id: string): Promise<boolean> {
  if (!(await store.removeApplication(id))) return false;
  await insertAuditEntry(ctx.db, { actor, action: "delete", entity: "financing_application", entityId: id });
  return true;
}

/** `financing-application-{first}-{last}.pdf` with only safe filename characters. */
export function adminPdfFilename(firstName: string, lastName: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "applicant";
  return `financing-application-${safe(firstName)}-${safe(lastName)}.pdf`;
}

/** Builds an application's full PDF (SSN revealed); supplied by the app layer from the financing feature. */
export type FinancingPdfBuilder = (id: string) => Promise<{ bytes: Uint8Array; firstName: string; lastName: string } | null>;

/**
 * The application as a PDF for staff, recorded as a download. The layout is the financing
 * feature's (the same document the shopper gets, with the full SSN), injected by
 * src/app/http/api.server.ts so the two features stay independent.
 */
export async function adminFinancingPdf(
  ctx: AppContext,
  actor: string,
  id: string,
  build: FinancingPdfBuilder,
): Promise<{ bytes: Uint8Array; filename: string } | null> {
  const pdf = await build(id);
  if (!pdf) return null;
  await insertAuditEntry(ctx.db, { actor, action: "download-pdf", entity: "financing_application", entityId: id });
  return { bytes: pdf.bytes, filename: adminPdfFilename(pdf.firstName, pdf.lastName) };
}
