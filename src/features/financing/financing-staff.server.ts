import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import {
  findFinancingApplication,
  listFinancingApplications,
  listFinancingApplicationsPage,
  setCreditDecision,
  type CreditDecision,
  type FinancingApplicationPageQuery,
  type FinancingApplicationRow,
} from "~/server/data/financing-applications.server";
import { encodePageCursor } from "~/server/data/page-cursor.server";
import { retainedUntil } from "./financing-retention.server";
import { leadMailsFor } from "~/server/data/outbox.server";
import { inTransaction } from "~/server/db/transaction.server";
import { changeLeadStatus } from "~/server/leads/lead-status.server";
import { findVehicleNames } from "~/server/data/vehicles.server";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Staff } from "~/server/http/staff-request.server";
import type { LeadMail, LeadStatus } from "~/shared/staff/lead-tracking";
import { buildFinancingPdf } from "./financing-pdf.server";
import { staffPdfFileName } from "./financing-pdf-name";
import type { EmploymentStatus } from "./financing-schema";
import {
  DOCUMENT_CONTENT_TYPES,
  loadFinancingApplication,
  readFinancingDocument,
  removeFinancingApplication,
  type StoredDocument,
} from "./financing.server";

/** Staff use cases on financing applications (docs/behaviour.md §2 Financing Apps, §11: each is audited). */

/** One row of the Financing Apps list: no sensitive fields; its lead status and mails' states. */
export type FinancingSummary = {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  coOwnerFirstName: string | null;
  coOwnerLastName: string | null;
  vehicleOfInterest: string | null;
  /** The stock vehicle whose page opened the form (decision 057), while it still exists. */
  vehicle: { name: string; path: string } | null;
  leadStatus: LeadStatus;
  firstStatusChangeAt: string | null;
  mails: LeadMail[];
  /** The language the shopper applied in (en, es, pt). */
  locale: string;
  /** The action taken and when the applicant was told; until when Regulation B keeps it (decision 095). */
  creditDecision: CreditDecision | null;
  actionTakenAt: string | null;
  retainedUntil: string;
};

/** The uploaded documents of an application, as named in `GET /api/admin/financing/:id/documents/:slot`. */
export const DOCUMENT_SLOTS = ["signature", "driverLicense", "coOwnerSignature", "coOwnerDriverLicense"] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

type DocumentInfo = { kind: DocumentSlot; contentType: string };

type PersonDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  ssnMasked: string;
  employmentStatus: EmploymentStatus;
  employer: string | null;
  monthlyIncome: number;
  documents: { signature: DocumentInfo | null; driverLicense: DocumentInfo | null };
};

/** Everything the details dialog shows; the SSN only masked (revealed on request). */
export type FinancingDetails = {
  id: string;
  createdAt: string;
  applicant: PersonDetails & { address: string; city: string; state: string; zipCode: string };
  coApplicant: PersonDetails | null;
  vehicleOfInterest: string | null;
  downPayment: number | null;
  hasTradeIn: boolean;
  tradeInDetails: string | null;
};

export async function listFinancingSummaries(ctx: AppContext): Promise<FinancingSummary[]> {
  return summariesOf(ctx, await listFinancingApplications(ctx.db));
}

/** A page of the Financing Apps screen, newest first; `next` continues after its last application when it is full. */
export async function listFinancingSummariesPage(
  ctx: AppContext,
  query: FinancingApplicationPageQuery,
): Promise<{ applications: FinancingSummary[]; next: string | null }> {
  const rows = await listFinancingApplicationsPage(ctx.db, query);
  const last = rows.at(-1);
  return { applications: await summariesOf(ctx, rows), next: last && rows.length === query.limit ? encodePageCursor(last) : null };
}

/** One application's list row (status, mails, action taken, retention), without its sensitive fields; null for no such application. */
export async function findFinancingSummary(ctx: AppContext, id: string): Promise<FinancingSummary | null> {
  const row = await findFinancingApplication(ctx.db, id);
  return row ? ((await summariesOf(ctx, [row]))[0] ?? null) : null;
}

async function summariesOf(ctx: AppContext, rows: FinancingApplicationRow[]): Promise<FinancingSummary[]> {
  const mails = await leadMailsFor(
    ctx.db,
    "financing",
    rows.map((r) => r.id),
  );
  const ids = [...new Set(rows.flatMap((r) => (r.vehicleId ? [r.vehicleId] : [])))];
  const vehicles = new Map((await findVehicleNames(ctx.db, ids)).map((v) => [v.id, { name: staffVehicleName(v), path: vehiclePath(v) }]));
  return rows.map((r) =>
    summaryOf(r, mails.get(r.id) ?? [], (r.vehicleId && vehicles.get(r.vehicleId)) || null, ctx.env.financingRetentionDays),
  );
}

function summaryOf(
  r: FinancingApplicationRow,
  mails: LeadMail[],
  vehicle: FinancingSummary["vehicle"] = null,
  retentionDays: number | null = null,
): FinancingSummary {
  return {
    id: r.id,
    createdAt: r.createdAt,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    coOwnerFirstName: r.hasCoOwner ? r.coOwnerFirstName : null,
    coOwnerLastName: r.hasCoOwner ? r.coOwnerLastName : null,
    vehicleOfInterest: r.vehicleOfInterest,
    vehicle,
    leadStatus: r.leadStatus,
    firstStatusChangeAt: r.firstStatusChangeAt,
    mails,
    locale: r.locale,
    creditDecision: r.creditDecision,
    actionTakenAt: r.actionTakenAt,
    retainedUntil: retainedUntil(r, retentionDays).toISOString(),
  };
}

export type ApplicationStatusResult = { outcome: "changed"; application: Omit<FinancingSummary, "mails"> } | { outcome: "not-found" };

/**
 * Sets an application's lead status, the one the inbox and the customer record show (decision 109; the
 * first change is its response time), in its customer's timeline and the audit log.
 */
export async function setApplicationStatus(
  ctx: AppContext,
  staff: Staff,
  id: string,
  status: LeadStatus,
): Promise<ApplicationStatusResult> {
  if (!(await inTransaction(ctx.db, (trx) => changeLeadStatus(trx, "financing", id, status, staff.id)))) return { outcome: "not-found" };
  await audit(ctx, staff, `status-${status}`, id);
  const row = await findFinancingApplication(ctx.db, id);
  if (!row) return { outcome: "not-found" };
  const { mails: _mails, ...application } = summaryOf(row, [], null, ctx.env.financingRetentionDays);
  return { outcome: "changed", application };
}

export function maskSsn(ssn: string): string {
  const digits = ssn.replace(/\D/g, "");
  return `***-**-${digits.slice(-4).padStart(4, "*")}`;
}

const documentInfo = (kind: DocumentSlot, doc: StoredDocument | null): DocumentInfo | null =>
  doc ? { kind, contentType: DOCUMENT_CONTENT_TYPES[doc.kind] } : null;

const audit = (ctx: AppContext, staff: Staff, action: string, id: string) =>
  insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action, entity: "financing_application", entityId: id });

/** The full application for staff (SSNs masked), recorded as a view in the audit log. */
export async function viewFinancingApplication(ctx: AppContext, staff: Staff, id: string): Promise<FinancingDetails | null> {
  const app = await loadFinancingApplication(ctx, id);
  if (!app) return null;
  await audit(ctx, staff, "view", id);
  const a = app.applicant;
  const co = app.coApplicant;
  return {
    id: app.id,
    createdAt: app.createdAt,
    applicant: {
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      phone: a.phone,
      address: a.address,
      city: a.city,
      state: a.state,
      zipCode: a.zipCode,
      dateOfBirth: a.dateOfBirth,
      ssnMasked: maskSsn(a.ssn),
      employmentStatus: a.employmentStatus,
      employer: a.employer,
      monthlyIncome: a.monthlyIncome,
      documents: { signature: documentInfo("signature", a.signature), driverLicense: documentInfo("driverLicense", a.driverLicense) },
    },
    coApplicant: co
      ? {
          firstName: co.firstName,
          lastName: co.lastName,
          email: co.email,
          phone: co.phone,
          dateOfBirth: co.dateOfBirth,
          ssnMasked: maskSsn(co.ssn),
          employmentStatus: co.employmentStatus,
          employer: co.employer,
          monthlyIncome: co.monthlyIncome,
          documents: {
            signature: documentInfo("coOwnerSignature", co.signature),
            driverLicense: documentInfo("coOwnerDriverLicense", co.driverLicense),
          },
        }
      : null,
    vehicleOfInterest: app.vehicleOfInterest,
    downPayment: app.downPayment,
    hasTradeIn: app.hasTradeIn,
    tradeInDetails: app.tradeInDetails,
  };
}

/** The full SSN of the applicant or co-applicant, recorded in the audit log; null when there is none. */
export async function revealSsn(ctx: AppContext, staff: Staff, id: string, who: "applicant" | "coApplicant"): Promise<string | null> {
  const app = await loadFinancingApplication(ctx, id, { documents: false });
  const ssn = who === "applicant" ? app?.applicant.ssn : app?.coApplicant?.ssn;
  if (!ssn) return null;
  await audit(ctx, staff, who === "applicant" ? "reveal-ssn" : "reveal-co-ssn", id);
  return ssn;
}

/** One decrypted document of an application, recorded in the audit log. */
export async function financingDocument(
  ctx: AppContext,
  staff: Staff,
  id: string,
  slot: DocumentSlot,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const row = await findFinancingApplication(ctx.db, id);
  const doc = row ? await readFinancingDocument(ctx, row[`${slot}File`]) : null;
  if (!doc) return null;
  await audit(ctx, staff, `view-${slot}`, id);
  return { bytes: doc.bytes, contentType: DOCUMENT_CONTENT_TYPES[doc.kind] };
}

/** The application's PDF with the full SSN, recorded as a download. */
export async function staffFinancingPdf(
  ctx: AppContext,
  staff: Staff,
  id: string,
): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  const pdf = await buildFinancingPdf(ctx, id, { revealSsn: true });
  if (!pdf) return null;
  await audit(ctx, staff, "download-pdf", id);
  return { bytes: pdf.bytes, fileName: staffPdfFileName(pdf.firstName, pdf.lastName) };
}

/** Why an application cannot be deleted yet, as the API and the Financing Apps screen say it (decision 095). */
export const retainedMessage = (until: string): string =>
  `Regulation B (12 CFR 1002.12(b)) requires keeping this application for 25 months after the applicant is told of the action taken: it can be deleted from ${until.slice(0, 10)}, and is purged then.`;

export type DeleteApplicationResult = { outcome: "deleted" } | { outcome: "not-found" } | { outcome: "retained"; until: string };

/**
 * Deletes an application row and its encrypted document files, recorded in the audit log, once its
 * retention has run out (decision 095): before then Regulation B requires keeping it, and the answer
 * says until when.
 */
export async function deleteFinancingApplication(
  ctx: AppContext,
  staff: Staff,
  id: string,
  now = new Date(),
): Promise<DeleteApplicationResult> {
  const row = await findFinancingApplication(ctx.db, id);
  if (!row) return { outcome: "not-found" };
  const until = retainedUntil(row, ctx.env.financingRetentionDays);
  if (until.getTime() > now.getTime()) return { outcome: "retained", until: until.toISOString() };
  if (!(await removeFinancingApplication(ctx, id))) return { outcome: "not-found" };
  await audit(ctx, staff, "delete", id);
  return { outcome: "deleted" };
}

/**
 * Records the action taken on an application (approved, declined, withdrawn) and that the applicant
 * was told of it now: Regulation B's 25 months of retention run from this date (decision 095). A later
 * change moves the date on (the applicant was told again). Audited; null for an unknown id.
 */
export async function recordCreditDecision(
  ctx: AppContext,
  staff: Staff,
  id: string,
  decision: CreditDecision,
  now = new Date(),
): Promise<{ creditDecision: CreditDecision; actionTakenAt: string; retainedUntil: string } | null> {
  const at = now.toISOString();
  if (!(await setCreditDecision(ctx.db, id, decision, at))) return null;
  await audit(ctx, staff, `decision-${decision}`, id);
  const row = (await findFinancingApplication(ctx.db, id))!;
  return { creditDecision: decision, actionTakenAt: at, retainedUntil: retainedUntil(row, ctx.env.financingRetentionDays).toISOString() };
}
