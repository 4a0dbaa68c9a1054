import crypto from "node:crypto";
import { sql, type QueryCreator, type Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import { engineOf, isUniqueViolation } from "~/server/db/dialect.server";
import type { CustomerTable, Database } from "~/server/db/schema.server";
import { customerEmail, phoneE164 } from "~/shared/leads/customer-match";

export type CustomerRow = Selectable<CustomerTable>;

/** Whether any customer exists (every lead makes one): the demo activity is seeded only into a database with none. */
export async function hasCustomers(db: Db): Promise<boolean> {
  return (await db.selectFrom("customers").select("id").limit(1).executeTakeFirst()) !== undefined;
}

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | null> {
  return (await db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/**
 * The customer a lead belongs to: the one with the same e-mail (any case), else the same phone
 * (as E.164); merged records are skipped, their leads already moved to the one they joined.
 */
export async function findCustomerByContact(db: Db, email: string | null, phone: string | null): Promise<CustomerRow | null> {
  const byEmail = customerEmail(email);
  const byPhone = phoneE164(phone);
  if (!byEmail && !byPhone) return null;
  // One round trip for both (decision 142): the e-mail's customer first, else the phone's; each is unique
  // among live customers, so the answer is what reading by e-mail and then by phone would give.
  let query = db
    .selectFrom("customers")
    .selectAll()
    .where("mergedIntoId", "is", null)
    .where((eb) => eb.or([...(byEmail ? [eb("email", "=", byEmail)] : []), ...(byPhone ? [eb("phone", "=", byPhone)] : [])]));
  if (byEmail) query = query.orderBy((eb) => eb.case().when("email", "=", byEmail).then(eb.lit(0)).else(eb.lit(1)).end());
  const row = await query.orderBy("createdAt").limit(1).executeTakeFirst();
  return row ?? null;
}

/**
 * Finds the lead's customer or creates one; a known customer's missing e-mail or phone is filled
 * in, and their name and language follow their latest lead.
 *
 * Reserve-then-check (docs/behaviour.md §19): a live customer's e-mail and phone are each unique
 * (partial unique indexes), so the insert of a new customer skips on conflict and the record that
 * won is read back. Two leads from one new shopper at the same moment, in one process or two, thus
 * share one customer; ON CONFLICT DO NOTHING does not abort a PostgreSQL transaction.
 */
export async function upsertCustomerForLead(
  db: Db,
  lead: { firstName: string; lastName: string; email: string | null; phone: string | null; locale: string },
  now = new Date(),
): Promise<CustomerRow> {
  return (await customerForLead(db, lead, now)).customer;
}

/** `upsertCustomerForLead()`, and whether the customer was created just now (a new customer has no earlier leads to look up). */
export async function customerForLead(
  db: Db,
  lead: LeadContact,
  now = new Date(),
  /** The first reservation, already tried in a statement of the caller's (`customerReservation()`), and whether it inserted. */
  reserved?: { row: CustomerRow; inserted: boolean },
): Promise<{ customer: CustomerRow; created: boolean }> {
  const at = now.toISOString();
  const email = customerEmail(lead.email);
  const phone = phoneE164(lead.phone);
  const found = await findOrReserveCustomer(db, () => newCustomerForLead(lead, now), reserved);
  return found.created ? found : { customer: await updateFoundCustomer(db, found.customer, lead, email, phone, at), created: false };
}

type LeadContact = { firstName: string; lastName: string; email: string | null; phone: string | null; locale: string };

/** The record a lead's new customer would be: what `customerReservation()` inserts. */
export function newCustomerForLead(lead: LeadContact, now: Date): CustomerRow {
  const at = now.toISOString();
  return {
    id: crypto.randomUUID(),
    email: customerEmail(lead.email),
    phone: phoneE164(lead.phone),
    firstName: lead.firstName,
    lastName: lead.lastName,
    locale: lead.locale,
    mergedIntoId: null,
    createdAt: at,
    updatedAt: at,
    source: null,
  };
}

/**
 * The insert of a lead's new customer, skipped when a live customer has the e-mail or phone (the unique
 * indexes), returning the id only when it inserted: as a query of its own, for a statement that writes
 * it with the lead's own row (decision 162).
 */
export function customerReservation(qb: QueryCreator<Database>, row: CustomerRow) {
  return qb
    .insertInto("customers")
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning("id");
}

/**
 * The live customer with this e-mail or phone, or a new one reserved for them: the insert skips on the
 * unique e-mail and phone and the record that won is read back. A lost insert is read back at once; a
 * second round covers a winner merged away in between. `reserved`: the first round's insert, already made.
 */
async function findOrReserveCustomer(
  db: Db,
  fresh: () => CustomerRow,
  reserved?: { row: CustomerRow; inserted: boolean },
): Promise<{ customer: CustomerRow; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    // The insert first (decision 160): a new shopper's record costs one round trip, and only a shopper
    // known by their e-mail or phone (the insert skipped) is read back.
    const row = attempt === 0 && reserved ? reserved.row : fresh();
    const inserted = attempt === 0 && reserved ? reserved.inserted : (await customerReservation(db, row).executeTakeFirst()) !== undefined;
    if (inserted) return { customer: row, created: true };
    const found = await findCustomerByContact(db, row.email, row.phone);
    if (found) return { customer: found, created: false };
  }
  throw new Error("No customer could be found or created for this e-mail and phone.");
}

/**
 * The live customer with this e-mail, else a new record for it with source "alerts" and no name
 * (docs/behaviour.md §21: a shopper who confirmed alerts, no lead until they ask something). A found
 * customer is left as it is. Reserve-then-check as for a lead: the insert skips on the unique e-mail
 * and the record that won is read back.
 */
export async function customerForAlertAddress(db: Db, email: string, locale: string, now = new Date()): Promise<CustomerRow> {
  const address = customerEmail(email);
  if (!address) throw new Error("An alert address must be an e-mail address.");
  const fresh = () => ({ ...newCustomerForLead({ firstName: "", lastName: "", email: address, phone: null, locale }, now), source: "alerts" });
  const found = await findOrReserveCustomer(db, fresh);
  return found.customer;
}

async function updateFoundCustomer(
  db: Db,
  found: CustomerRow,
  lead: { firstName: string; lastName: string; locale: string },
  email: string | null,
  phone: string | null,
  at: string,
): Promise<CustomerRow> {
  const changes = { firstName: lead.firstName, lastName: lead.lastName, locale: lead.locale, updatedAt: at };
  await db.updateTable("customers").set(changes).where("id", "=", found.id).execute();
  const filled = {
    email: found.email ?? ((email && (await fillContact(db, found.id, "email", email))) || null),
    phone: found.phone ?? ((phone && (await fillContact(db, found.id, "phone", phone))) || null),
  };
  return { ...found, ...changes, ...filled };
}

/**
 * Gives a customer the e-mail or phone they lacked, unless another live customer has it (that
 * one keeps it; staff can merge the two). Under a savepoint, so losing a race to another
 * transaction that takes the same value at the same moment leaves the lead's transaction usable.
 */
async function fillContact(db: Db, id: string, column: "email" | "phone", value: string): Promise<string | null> {
  const update = () =>
    db
      .updateTable("customers")
      .set({ [column]: value })
      .where("id", "=", id)
      .where(column, "is", null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("customers as taken").select("taken.id").where(`taken.${column}`, "=", value).where("taken.mergedIntoId", "is", null))),
      )
      .executeTakeFirst();
  const savepoint = db.isTransaction;
  if (savepoint) await sql`savepoint customer_contact`.execute(db);
  try {
    const result = await update();
    if (savepoint) await sql`release savepoint customer_contact`.execute(db);
    return Number(result.numUpdatedRows) > 0 ? value : null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (savepoint) await sql`rollback to savepoint customer_contact`.execute(db);
    return null;
  }
}

/** Up to this many customers matching a search, SQLite reads them from its trigram table (see searchCustomers). */
const FEW_CUSTOMERS = 500;

/**
 * Customers (not merged) whose name, e-mail or phone contains `q`, any case; a phone typed in any
 * format is also matched as E.164. Newest first, at most `limit` (decision 140).
 *
 * The rules are the `where` below, the same on both engines; the indexes of migration 049 find the rows.
 * PostgreSQL's planner answers the `like`s from their trigram indexes when matches are few and walks
 * the newest-first index when they are many. On SQLite the trigram table `customer_search` is read first
 * for the ids whose text holds the search, its digits or its E.164 form (a superset of the matches: the
 * `where` still decides): none answers at once; up to FEW_CUSTOMERS restricts the query to them; more,
 * and the newest-first walk finds a page within a few hundred customers and stops. A search of fewer
 * than three characters has no trigram, and the table's index reads a `like` without an escape clause
 * only, so text holding %, _ or \ skips it: the walk alone, the same answer.
 */
export async function searchCustomers(db: Db, q: string, limit = 20): Promise<CustomerRow[]> {
  const text = q.trim().toLowerCase();
  const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const digits = q.replace(/\D/g, "");
  const phone = digits.length >= 7 ? phoneE164(q) : null;
  let query = db
    .selectFrom("customers")
    .selectAll()
    .where("mergedIntoId", "is", null)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(first_name || ' ' || last_name)`, "like", sql<string>`${pattern} escape '\\'`),
        eb("email", "like", sql<string>`${pattern} escape '\\'`),
        ...(digits.length >= 3 ? [eb("phone", "like", `%${digits}%`)] : []),
        ...(phone ? [eb("phone", "=", phone)] : []),
      ]),
    );
  if (engineOf(db) === "sqlite" && text.length >= 3 && !/[\\%_]/.test(text)) {
    const contained = [text, ...(digits.length >= 3 ? [digits] : []), ...(phone ? [phone] : [])];
    const found = (
      await sql<{ id: string }>`select id from customer_search where ${sql.join(
        contained.map((part) => sql`search_text like ${`%${part}%`}`),
        sql` or `,
      )} limit ${FEW_CUSTOMERS + 1}`.execute(db)
    ).rows;
    if (found.length === 0) return [];
    if (found.length <= FEW_CUSTOMERS)
      query = query.where(
        "id",
        "in",
        found.map((row) => row.id),
      );
  }
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
}

/**
 * Locks customer rows for the rest of the transaction, in id order whatever order they were named in,
 * and reads them back as they are under the lock (null for one that does not exist). A write to each
 * row takes its lock on PostgreSQL (held to the commit; a second transaction naming the same rows waits,
 * then reads what the first committed) and on SQLite (one writer at a time), so two merges of the same
 * pair, in either direction, on one process or two, run one after the other (reserve, then check).
 */
export async function lockCustomers(db: Db, ids: string[]): Promise<Map<string, CustomerRow | null>> {
  const sorted = [...new Set(ids)].sort();
  for (const id of sorted) {
    await db
      .updateTable("customers")
      .set((eb) => ({ updatedAt: eb.ref("updatedAt") }))
      .where("id", "=", id)
      .execute();
  }
  return new Map(await Promise.all(sorted.map(async (id) => [id, await findCustomer(db, id)] as const)));
}

/**
 * Marks `otherId` merged into `keepId` (and any record merged into it before), and fills the kept
 * record's missing e-mail or phone from it. The caller moves the leads, events and tasks in the same
 * transaction. False when the other record is gone or already merged (a concurrent merge).
 */
export async function markCustomerMerged(db: Db, keepId: string, otherId: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("customers")
    .set({ mergedIntoId: keepId, updatedAt: at })
    .where("id", "=", otherId)
    .where("mergedIntoId", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db.updateTable("customers").set({ mergedIntoId: keepId, updatedAt: at }).where("mergedIntoId", "=", otherId).execute();
  const other = await findCustomer(db, otherId);
  const keep = await findCustomer(db, keepId);
  if (other && keep && ((!keep.email && other.email) || (!keep.phone && other.phone)))
    await db
      .updateTable("customers")
      .set({ email: keep.email ?? other.email, phone: keep.phone ?? other.phone, updatedAt: at })
      .where("id", "=", keepId)
      .execute();
  return true;
}
