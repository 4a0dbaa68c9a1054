import fs from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import {
  deleteFinancingApplication,
  findFinancingApplication,
  listFinancingApplications,
  type FinancingApplicationRow,
} from "~/server/data/financing-applications.server";
import { decrypt } from "~/server/secrets.server";
import { businessProfile } from "~/shared/config/business-profile";

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

const privateDir = (ctx: AppContext) => path.join(ctx.env.dataDir, "private");

/** A stored document's file path, refusing names that could leave DATA_DIR/private. */
function documentPath(ctx: AppContext, name: string): string | null {
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith(".")) return null;
  return path.join(privateDir(ctx), name);
}

/** Decrypts a stored document: either raw bytes or the original data URL's text. */
export async function readDocument(ctx: AppContext, name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const file = documentPath(ctx, name);
  if (!file) return null;
  const sealed = await fs.readFile(file, "utf8").catch(() => null);
  if (!sealed) return null;
  const plain = decrypt(ctx.secrets.encryptionKey, sealed.trim());
  const head = plain.subarray(0, 64).toString("latin1");
  const dataUrl = /^data:([a-z]+\/[a-z0-9.+-]+)(;[^,]*)?,/i.exec(head);
  if (dataUrl) {
    const comma = plain.indexOf(",");
    const body = plain.subarray(comma + 1).toString("latin1");
    const bytes = dataUrl[2]?.includes("base64") ? Buffer.from(body, "base64") : Buffer.from(decodeURIComponent(body), "latin1");
    return { bytes, contentType: sniffDocumentType(bytes) ?? "application/octet-stream" };
  }
  return { bytes: plain, contentType: sniffDocumentType(plain) ?? "application/octet-stream" };
}

/** Served types come from the bytes, never from what the submitter claimed. */
function sniffDocumentType(bytes: Buffer): string | null {
  if (bytes[0] === 0x89 && bytes.subarray(1, 4).toString("latin1") === "PNG") return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  return null;
}

function fileColumn(kind: DocumentKind): keyof FinancingApplicationRow {
  return `${kind}File` as keyof FinancingApplicationRow;
}

async function documentInfo(ctx: AppContext, row: FinancingApplicationRow, kind: DocumentKind): Promise<DocumentInfo | null> {
  const name = row[fileColumn(kind)] as string | null;
  if (!name) return null;
  const doc = await readDocument(ctx, name).catch(() => null);
  return doc ? { kind, contentType: doc.contentType } : null;
}

/** The full application for staff, recorded as a view in the audit log. */
export async function viewFinancingApplication(ctx: AppContext, actor: string, id: string): Promise<FinancingDetails | null> {
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
    documents: { signature: await documentInfo(ctx, row, "signature"), driverLicense: await documentInfo(ctx, row, "driverLicense") },
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
          signature: await documentInfo(ctx, row, "coOwnerSignature"),
          driverLicense: await documentInfo(ctx, row, "coOwnerDriverLicense"),
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
  await insertAuditEntry(ctx.db, { actor, action: who === "applicant" ? "reveal-ssn" : "reveal-co-ssn", entity: "financing_application", entityId: id });
  return openText(ctx, sealed);
}

/** One decrypted document of an application, recorded in the audit log. */
export async function financingDocument(
  ctx: AppContext,
  actor: string,
  id: string,
  kind: DocumentKind,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const row = await findFinancingApplication(ctx.db, id);
  const name = row?.[fileColumn(kind)] as string | null | undefined;
  if (!row || !name) return null;
  const doc = await readDocument(ctx, name);
  if (doc) await insertAuditEntry(ctx.db, { actor, action: `view-${kind}`, entity: "financing_application", entityId: id });
  return doc;
}

/** Deletes an application row and its encrypted document files, recorded in the audit log. */
export async function removeFinancingApplication(ctx: AppContext, actor: string, id: string): Promise<boolean> {
  const row = await findFinancingApplication(ctx.db, id);
  if (!row) return false;
  const ok = await deleteFinancingApplication(ctx.db, id);
  if (!ok) return false;
  for (const kind of DOCUMENT_KINDS) {
    const name = row[fileColumn(kind)] as string | null;
    const file = name ? documentPath(ctx, name) : null;
    if (file) await fs.rm(file, { force: true });
  }
  await insertAuditEntry(ctx.db, { actor, action: "delete", entity: "financing_application", entityId: id });
  return true;
}

/** `financing-application-{first}-{last}.pdf` with only safe filename characters. */
export function adminPdfFilename(firstName: string, lastName: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "applicant";
  return `financing-application-${safe(firstName)}-${safe(lastName)}.pdf`;
}

/**
 * The application as a PDF for staff, recorded as a download. A simple layout for now:
 * the financing feature's builder replaces the body of this function at merge time.
 */
export async function adminFinancingPdf(ctx: AppContext, actor: string, id: string): Promise<{ bytes: Uint8Array; filename: string } | null> {
  const row = await findFinancingApplication(ctx.db, id);
  if (!row) return null;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Financing Application - ${row.firstName} ${row.lastName}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  let y = 740;
  const line = (label: string, value: string) => {
    if (y < 80) {
      page = pdf.addPage([612, 792]);
      y = 740;
    }
    page.drawText(label, { x: 50, y, size: 10, font: bold });
    drawWrapped(page, value, 200, y, font);
    y -= 16;
  };
  const heading = (text: string) => {
    y -= 8;
    page.drawText(text, { x: 50, y, size: 13, font: bold, color: rgb(0.6, 0.1, 0.1) });
    y -= 20;
  };
  page.drawText(businessProfile.name, { x: 50, y, size: 16, font: bold });
  y -= 22;
  page.drawText("Financing Application", { x: 50, y, size: 12, font });
  y -= 14;
  const money = (n: number | null) => (n === null ? "N/A" : `$${Math.round(n).toLocaleString("en-US")}`);
  heading("Primary Applicant");
  line("Name", `${row.firstName} ${row.lastName}`);
  line("Email", row.email);
  line("Phone", row.phone);
  line("Date of Birth", openText(ctx, row.dateOfBirthEnc));
  line("SSN", openText(ctx, row.ssnEnc));
  line("Address", `${row.address}, ${row.city}, ${row.state} ${row.zipCode}`);
  line("Employment Status", row.employmentStatus);
  line("Employer", row.employer ?? "N/A");
  line("Monthly Income", money(row.monthlyIncome));
  if (row.hasCoOwner) {
    heading("Co-Applicant");
    line("Name", `${row.coOwnerFirstName ?? ""} ${row.coOwnerLastName ?? ""}`);
    line("Email", row.coOwnerEmail ?? "");
    line("Phone", row.coOwnerPhone ?? "");
    line("Date of Birth", openText(ctx, row.coOwnerDateOfBirthEnc));
    line("SSN", openText(ctx, row.coOwnerSsnEnc));
    line("Employment Status", row.coOwnerEmploymentStatus ?? "");
    line("Employer", row.coOwnerEmployer ?? "N/A");
    line("Monthly Income", money(row.coOwnerMonthlyIncome));
  }
  heading("Vehicle");
  line("Vehicle of Interest", row.vehicleOfInterest ?? "No vehicle specified");
  line("Down Payment", money(row.downPayment));
  line("Trade-In", row.hasTradeIn ? "Yes" : "No");
  if (row.hasTradeIn) line("Trade-In Details", row.tradeInDetails ?? "");
  for (const kind of ["signature", "coOwnerSignature"] as const) {
    const name = row[fileColumn(kind)] as string | null;
    const doc = name ? await readDocument(ctx, name).catch(() => null) : null;
    if (!doc || !doc.contentType.startsWith("image/") || doc.contentType === "image/webp") continue;
    const image = doc.contentType === "image/png" ? await pdf.embedPng(doc.bytes) : await pdf.embedJpg(doc.bytes);
    const scaled = image.scaleToFit(250, 100);
    if (y < 160) {
      page = pdf.addPage([612, 792]);
      y = 740;
    }
    heading(kind === "signature" ? "Signature" : "Co-Applicant Signature");
    page.drawImage(image, { x: 50, y: y - scaled.height, width: scaled.width, height: scaled.height });
    y -= scaled.height + 10;
  }
  await insertAuditEntry(ctx.db, { actor, action: "download-pdf", entity: "financing_application", entityId: id });
  return { bytes: await pdf.save(), filename: adminPdfFilename(row.firstName, row.lastName) };
}

function drawWrapped(page: PDFPage, text: string, x: number, y: number, font: PDFFont) {
  // WinAnsi cannot encode every character; replace what it cannot.
  const safe = text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
  page.drawText(safe.slice(0, 90), { x, y, size: 10, font });
}
