import { sql, type QueryCreator, type Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import { engineOf } from "~/server/db/dialect.server";
import type { Database, InboxLeadTable, LeadStatus } from "~/server/db/schema.server";
import { foldSearch, leadSearchText, SEARCH_SEPARATOR } from "~/shared/leads/lead-search-text";
import type { LeadType } from "~/shared/leads/lead-types";
import { leadEventArea, type StaffEventName } from "~/shared/staff/staff-events";
import { recordStaffEvent, recordStaffEvents, type NewStaffEvent } from "./staff-events.server";

/** The live screens' event for a change to a lead, in the change's transaction (decision 110). */
const leadChanged = (db: Db, name: StaffEventName, type: LeadType, id: string, now?: Date) =>
  recordStaffEvent(db, { name, subjectType: type, subjectId: id, area: leadEventArea(type) }, now);

export type LeadRow = Selectable<InboxLeadTable>;

export type NewLeadRow = Omit<LeadRow, "status" | "firstResponseAt" | "responseDueAt" | "escalatedAt" | "searchText"> & {
  status?: LeadStatus;
  responseDueAt?: string | null;
};

export async function insertLead(db: Db, row: NewLeadRow): Promise<void> {
  await leadInsert(db, row).execute();
}

/**
 * `insertLead()`'s insert as a query of its own, for a statement that writes it with others: a new lead
 * inserted already held by its assignee on PostgreSQL (decision 162).
 */
export function leadInsert(qb: QueryCreator<Database>, row: NewLeadRow) {
  return qb.insertInto("leads").values({ ...row, status: row.status ?? "new", firstResponseAt: null, searchText: leadSearchText(row) });
}

/** The newest lead of a kind from one e-mail address (the contact service answers "stored", not an id). */
export async function latestLeadIdFrom(db: Db, type: LeadType, email: string): Promise<string | null> {
  const row = await db
    .selectFrom("leads")
    .select("id")
    .where("type", "=", type)
    .where("email", "=", email)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findLead(db: Db, type: LeadType, id: string): Promise<LeadRow | null> {
  return (await db.selectFrom("leads").selectAll().where("type", "=", type).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Who had the customer's latest lead of one of these kinds that anyone had; null for none. */
export async function lastAssigneeOfCustomer(db: Db, customerId: string, types: readonly LeadType[]): Promise<string | null> {
  const row = await db
    .selectFrom("leads")
    .select("assigneeId")
    .where("customerId", "=", customerId)
    .where("assigneeId", "is not", null)
    .where("type", "in", types)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  return row?.assigneeId ?? null;
}

/**
 * Stores a lead's status, the only place it is kept (decision 109); the first change away from what it
 * was, like a first reply, also records the first response. False when no such lead. Called only by the
 * lead domain's `changeLeadStatus` (src/server/leads/lead-status.server.ts), which also writes the timeline.
 */
export async function storeLeadStatus(
  db: Db,
  type: LeadType,
  id: string,
  status: LeadStatus,
  now = new Date(),
  /** Only while it still has this status (a response moving `new` to `contacted` never overwrites a change made meanwhile). */
  onlyFrom?: LeadStatus,
): Promise<boolean> {
  let update = db
    .updateTable("leads")
    .set((eb) => ({
      status,
      firstResponseAt: eb
        .case()
        .when("status", "=", status)
        .then(eb.ref("firstResponseAt"))
        .else(eb.fn.coalesce("firstResponseAt", eb.val(now.toISOString())))
        .end(),
    }))
    .where("type", "=", type)
    .where("id", "=", id);
  if (onlyFrom) update = update.where("status", "=", onlyFrom);
  const result = await update.executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) await leadChanged(db, "lead.status", type, id, now);
  return changed;
}

/** Records the first response (a reply, a logged call, a revised sheet, an offer) if none is recorded yet. */
export async function markFirstResponse(db: Db, type: LeadType, id: string, now = new Date()): Promise<void> {
  const result = await db
    .updateTable("leads")
    .set({ firstResponseAt: now.toISOString() })
    .where("type", "=", type)
    .where("id", "=", id)
    .where("firstResponseAt", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await leadChanged(db, "lead.first-response", type, id, now);
}

export async function assignLead(
  db: Db,
  type: LeadType,
  id: string,
  assigneeId: string | null,
  /** Events the live screens hear just before "lead.assigned", in the same insert (a new lead's arrival, decision 142). */
  heardBefore: NewStaffEvent[] = [],
  now?: Date,
): Promise<boolean> {
  const result = await db.updateTable("leads").set({ assigneeId }).where("type", "=", type).where("id", "=", id).executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  const assigned: NewStaffEvent[] = changed ? [{ name: "lead.assigned", subjectType: type, subjectId: id, area: leadEventArea(type) }] : [];
  await recordStaffEvents(db, [...heardBefore, ...assigned], now);
  return changed;
}

/**
 * `assignLead()`'s update as a query of its own, for a statement that writes it with others: a new lead's
 * assignment on PostgreSQL (decision 160).
 */
export function assigneeUpdate(qb: QueryCreator<Database>, type: LeadType, id: string, assigneeId: string) {
  return qb.updateTable("leads").set({ assigneeId }).where("type", "=", type).where("id", "=", id);
}

/**
 * Removes a deleted lead from the inbox with its timeline entries, in the transaction that deletes
 * the lead's own row: a purged financing application leaves no name behind. The customer record
 * stays (their other leads may remain).
 */
export async function deleteLead(db: Db, type: LeadType, id: string): Promise<void> {
  await db.deleteFrom("leadEvents").where("leadType", "=", type).where("leadId", "=", id).execute();
  await db.deleteFrom("leads").where("type", "=", type).where("id", "=", id).execute();
}

/**
 * A lead's status and first response as a kind's own list shows them (its `leadStatus` and
 * `firstStatusChangeAt`, the names those lists always had): read from `leads`, left-joined on the
 * kind's type and lead id, since no kind's table keeps a status of its own (decision 109). A row read
 * in the transaction that stores it, before its lead is registered, is `new`.
 */
export const LEAD_STATUS_COLUMNS = [
  sql<LeadStatus>`coalesce(${sql.ref("leads.status")}, 'new')`.as("leadStatus"),
  sql<string | null>`${sql.ref("leads.firstResponseAt")}`.as("firstStatusChangeAt"),
] as const;
export type LeadStatusFields = { leadStatus: LeadStatus; firstStatusChangeAt: string | null };

/** The status fields of some leads of one kind, by lead id (for a list that reads its rows elsewhere). */
export async function leadStatusesOf(db: Db, type: LeadType, ids: readonly string[]): Promise<Map<string, LeadStatusFields>> {
  const found = new Map<string, LeadStatusFields>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("leads")
      .select(["id", ...LEAD_STATUS_COLUMNS])
      .where("type", "=", type)
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.id, { leadStatus: row.leadStatus, firstStatusChangeAt: row.firstStatusChangeAt });
  }
  return found;
}

/** The customer's leads, oldest first. */
export async function listCustomerLeads(db: Db, customerId: string): Promise<LeadRow[]> {
  return db.selectFrom("leads").selectAll().where("customerId", "=", customerId).orderBy("createdAt").orderBy("id").execute();
}

/** Moves every lead of one customer to another (a merge). */
export async function moveCustomerLeads(db: Db, fromCustomerId: string, toCustomerId: string): Promise<void> {
  await db.updateTable("leads").set({ customerId: toCustomerId }).where("customerId", "=", fromCustomerId).execute();
}

/** What the inbox can be narrowed by (docs/behaviour.md §17). */
export type InboxQuery = {
  status?: LeadStatus;
  type?: LeadType;
  /** A staff id, or null for leads nobody has. */
  assigneeId?: string | null;
  /** Found inside name, e-mail, phone as typed or the phone's digits, in any case and with or without accents. */
  q?: string;
  /** Instead of `q`: leads sent from this whole e-mail address, or whose customer has it. */
  exactEmail?: string | null;
  /** Instead of `q`: the leads of the customer with this phone (E.164), however each lead typed it. */
  customerPhone?: string | null;
  locale?: string;
  /** Matched, case-insensitive, against the stored source JSON. */
  source?: string;
  /** Keyset paging: only leads listed after this one (newest first). */
  after?: { createdAt: string; type: string; id: string };
  limit: number;
};

/** Up to this many leads matching a search, SQLite reads them from its trigram table (see listInboxLeads). */
const FEW_MATCHES = 2000;

/** `%`, `_` and the escape character itself match literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The inbox page: newest first (created, then type and id, so equal times keep one order across pages).
 * Every filter narrows an indexed ordered walk of the table; the limit stops it.
 */
export async function listInboxLeads(db: Db, query: InboxQuery): Promise<LeadRow[]> {
  let q = db.selectFrom("leads").selectAll();
  if (query.status) q = q.where("status", "=", query.status);
  if (query.type) q = q.where("type", "=", query.type);
  if (query.assigneeId !== undefined) q = q.where("assigneeId", query.assigneeId === null ? "is" : "=", query.assigneeId);
  if (query.locale) q = q.where("locale", "=", query.locale);
  if (query.source) {
    const pattern = likePattern(query.source);
    q = q.where(sql<boolean>`lower(coalesce(${sql.ref("source")}, '')) like ${pattern} escape '\\'`);
  }
  if (query.exactEmail) {
    // A whole address: found through the indexes (the lead's own address, or its customer's).
    // The customer is looked up first: PostgreSQL reads "lower(email) = … or customer in (subquery)"
    // as a filter on every lead, but combines two index lookups for a list of values.
    const email = query.exactEmail.toLowerCase();
    const customerIds = (await db.selectFrom("customers").select("id").where("email", "=", email).execute()).map((c) => c.id);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(${sql.ref("leads.email")})`, "=", email),
        ...(customerIds.length > 0 ? [eb("customerId", "in", customerIds)] : []),
      ]),
    );
  } else if (query.customerPhone) {
    // A whole phone number, in any format: its customer's leads, through the indexes.
    const phone = query.customerPhone;
    q = q.where("customerId", "in", (eb) => eb.selectFrom("customers").select("customers.id").where("customers.phone", "=", phone));
  } else if (query.q) {
    const text = foldSearch(query.q);
    // The separator between the parts is in no name, address or phone: a search holding it finds nothing.
    if (text.includes(SEARCH_SEPARATOR)) return [];
    q = q.where(sql<boolean>`${sql.ref("leads.searchText")} like ${likePattern(text)} escape '\\'`);
    // PostgreSQL's trigram index serves the like above. On SQLite the trigram table answers it: when
    // few leads match, the page is read from that list; when many do, the newest-first walk finds a
    // page of them within a few thousand leads and stops, cheaper than fetching and sorting every match.
    // The table's index reads a pattern without an escape clause only, so text holding %, _ or \ is
    // left to the like alone: a scan, but the same answer.
    if (engineOf(db) === "sqlite" && !/[\\%_]/.test(text)) {
      const found = (
        await sql<{ type: string; id: string }>`select type, id from lead_search where search_text like ${`%${text}%`} limit ${FEW_MATCHES + 1}`.execute(db)
      ).rows;
      if (found.length === 0) return [];
      if (found.length <= FEW_MATCHES) {
        const keys = sql.join(found.map((key) => sql`(${key.type}, ${key.id})`));
        q = q.where(sql<boolean>`(${sql.ref("leads.type")}, ${sql.ref("leads.id")}) in (values ${keys})`);
      }
    }
  }
  if (query.after) {
    const { createdAt, type, id } = query.after;
    // The first condition alone bounds the index walk; the rest breaks ties within one time.
    q = q.where("createdAt", "<=", createdAt).where((eb) =>
      eb.or([
        eb("createdAt", "<", createdAt),
        eb.and([eb("createdAt", "=", createdAt), eb.or([eb("type", "<", type), eb.and([eb("type", "=", type), eb("id", "<", id)])])]),
      ]),
    );
  }
  return q.orderBy("createdAt", "desc").orderBy("type", "desc").orderBy("id", "desc").limit(query.limit).execute();
}

/** What the lead report reads of one lead. */
export type ReportedLead = Pick<LeadRow, "type" | "assigneeId" | "createdAt" | "firstResponseAt" | "source">;

/** Leads created in [fromIso, toIso), oldest first, for the lead report (the `created_at` index). */
export async function leadsCreatedBetween(db: Db, fromIso: string, toIso: string): Promise<ReportedLead[]> {
  return db
    .selectFrom("leads")
    .select(["type", "assigneeId", "createdAt", "firstResponseAt", "source"])
    .where("createdAt", ">=", fromIso)
    .where("createdAt", "<", toIso)
    .orderBy("createdAt", "asc")
    .execute();
}

/**
 * The leads still waiting for a first response (new, nobody has answered), of one person or of
 * everyone, and how many of them are overdue (past their response time or their alarm raised; the
 * inbox marks the same in red). The staff app's navigation counts them on every page (the partial
 * index of migration 035 holds only waiting leads, so the count stays small however many leads there are).
 */
export async function countWaitingLeads(db: Db, assigneeId: string | null, now: Date): Promise<{ waiting: number; overdue: number }> {
  if (!assigneeId && engineOf(db) === "sqlite") {
    // Everyone's count (an owner's pages) on SQLite: its planner reads every new lead through the status
    // index and the table instead of the partial index that holds all the count needs, whose condition a
    // bound `status = ?` cannot prove. Named, with the status written out, it reads that index alone:
    // 25 → 0.6 ms at 50,000 leads (decision 131). PostgreSQL plans the query below with its value.
    const { rows } = await sql<{ waiting: number; overdue: number }>`select count(*) as waiting,
      coalesce(sum(case when escalated_at is not null or response_due_at <= ${now.toISOString()} then 1 else 0 end), 0) as overdue
      from leads indexed by leads_waiting where status = 'new' and first_response_at is null`.execute(db);
    return { waiting: Number(rows[0]?.waiting ?? 0), overdue: Number(rows[0]?.overdue ?? 0) };
  }
  let q = db
    .selectFrom("leads")
    .select([
      sql<number>`count(*)`.as("waiting"),
      sql<number>`coalesce(sum(case when ${sql.ref("escalatedAt")} is not null or ${sql.ref("responseDueAt")} <= ${now.toISOString()} then 1 else 0 end), 0)`.as(
        "overdue",
      ),
    ])
    .where("status", "=", "new")
    .where("firstResponseAt", "is", null);
  if (assigneeId) q = q.where("assigneeId", "=", assigneeId);
  const row = await q.executeTakeFirst();
  return { waiting: Number(row?.waiting ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** How many leads of one kind are still `new` (the financing applications nobody has looked at). */
export async function countNewLeads(db: Db, type: LeadType): Promise<number> {
  const row = await db
    .selectFrom("leads")
    .select(sql<number>`count(*)`.as("n"))
    .where("status", "=", "new")
    .where("type", "=", type)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
