import { sql } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { Insertable, Selectable } from "kysely";
import type { FinancingApplicationTable, LeadStatus } from "~/server/db/schema.server";
import type { PageCursor } from "./page-cursor.server";
import { LEAD_STATUS_COLUMNS, type LeadStatusFields } from "./leads.server";

/**
 * A stored application row, with its lead's status and first response (kept in `leads`, decision 109).
 * Sensitive columns (`*Enc`) hold AES-256-GCM ciphertext and `*File` columns name encrypted files:
 * encryption happens in the financing feature's service, never here.
 */
export type FinancingApplicationRow = Selectable<FinancingApplicationTable> & LeadStatusFields;
export type NewFinancingApplicationRow = Insertable<FinancingApplicationTable>;

/** Applications with their lead's status: every application is a lead of kind `financing`, by its own id. */
const withLeadStatus = (db: Db) =>
  db
    .selectFrom("financingApplications")
    .leftJoin("leads", (join) => join.on("leads.type", "=", "financing").onRef("leads.id", "=", "financingApplications.id"))
    .selectAll("financingApplications")
    .select(LEAD_STATUS_COLUMNS);

/** Inserts one application row. */
export async function insertFinancingApplication(db: Db, row: NewFinancingApplicationRow): Promise<void> {
  await db.insertInto("financingApplications").values(row).execute();
}

/** Every application, newest first. */
export async function listFinancingApplications(db: Db): Promise<FinancingApplicationRow[]> {
  return withLeadStatus(db).orderBy("financingApplications.createdAt", "desc").orderBy("financingApplications.id").execute();
}

/**
 * What a page of the Financing Apps screen is narrowed by: the lead status, the action taken ("none":
 * not recorded yet) and the place after the previous page.
 */
export type FinancingApplicationPageQuery = {
  status?: LeadStatus;
  decision?: CreditDecision | "none";
  after?: PageCursor;
  limit: number;
};

/** One page of applications, newest first (created, then id), along the `financing_created_at` index. */
export async function listFinancingApplicationsPage(db: Db, query: FinancingApplicationPageQuery): Promise<FinancingApplicationRow[]> {
  let q = withLeadStatus(db);
  // The status as shown (a row without its lead yet reads `new`, LEAD_STATUS_COLUMNS).
  if (query.status) q = q.where(sql<LeadStatus>`coalesce(${sql.ref("leads.status")}, 'new')`, "=", query.status);
  if (query.decision)
    q = q.where("financingApplications.creditDecision", query.decision === "none" ? "is" : "=", query.decision === "none" ? null : query.decision);
  if (query.after) {
    const { createdAt, id } = query.after;
    q = q
      .where("financingApplications.createdAt", "<=", createdAt)
      .where((eb) => eb.or([eb("financingApplications.createdAt", "<", createdAt), eb("financingApplications.id", ">", id)]));
  }
  return q.orderBy("financingApplications.createdAt", "desc").orderBy("financingApplications.id").limit(query.limit).execute();
}

export async function findFinancingApplication(db: Db, id: string): Promise<FinancingApplicationRow | null> {
  return (await withLeadStatus(db).where("financingApplications.id", "=", id).executeTakeFirst()) ?? null;
}

/** Deletes one application row; false when no such row. The caller removes its files. */
export async function deleteFinancingApplication(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("financingApplications").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Applications created before `cutoff` (for retention purges). */
export async function listFinancingApplicationsBefore(db: Db, cutoff: Date): Promise<FinancingApplicationRow[]> {
  return withLeadStatus(db).where("financingApplications.createdAt", "<", cutoff.toISOString()).execute();
}

/** Every document file name a stored application refers to (for tidying unreferenced files). */
export async function listFinancingDocumentFileNames(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom("financingApplications")
    .select(["signatureFile", "driverLicenseFile", "coOwnerSignatureFile", "coOwnerDriverLicenseFile"])
    .execute();
  return new Set(rows.flatMap((r) => [r.signatureFile, r.driverLicenseFile, r.coOwnerSignatureFile, r.coOwnerDriverLicenseFile]).filter((n): n is string => !!n));
}

export const CREDIT_DECISIONS = ["approved", "declined", "withdrawn"] as const;
export type CreditDecision = (typeof CREDIT_DECISIONS)[number];

/** Records the action taken and when the applicant was told of it (decision 095); false when no such application. */
export async function setCreditDecision(db: Db, id: string, decision: CreditDecision, at: string): Promise<boolean> {
  const result = await db.updateTable("financingApplications").set({ creditDecision: decision, actionTakenAt: at }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
