import crypto from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { CustomerTable } from "~/server/db/schema.server";
import { customerEmail, phoneE164 } from "~/shared/leads/customer-match";

export type CustomerRow = Selectable<CustomerTable>;

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | null> {
  return (await db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/**
 * The customer a lead belongs to: the one with the same e-mail (any case), else the same phone
 * (as E.164); merged records are skipped, their leads already moved to the one they joined.
 */
export async function findCustomerByContact(db: Db, email: string | null, phone: string | null): Promise<CustomerRow | null> {
  const byEmail = customerEmail(email);
  if (byEmail) {
    const row = await db.selectFrom("customers").selectAll().where("email", "=", byEmail).where("mergedIntoId", "is", null).orderBy("createdAt").executeTakeFirst();
    if (row) return row;
  }
  const byPhone = phoneE164(phone);
  if (byPhone) {
    const row = await db.selectFrom("customers").selectAll().where("phone", "=", byPhone).where("mergedIntoId", "is", null).orderBy("createdAt").executeTakeFirst();
    if (row) return row;
  }
  return null;
}

/**
 * Finds the lead's customer or creates one; a known customer's missing e-mail or phone is filled
 * in, and their name and language follow their latest lead.
 */
export async function upsertCustomerForLead(
  db: Db,
  lead: { firstName: string; lastName: string; email: string | null; phone: string | null; locale: string },
  now = new Date(),
): Promise<CustomerRow> {
  const at = now.toISOString();
  const email = customerEmail(lead.email);
  const phone = phoneE164(lead.phone);
  const found = await findCustomerByContact(db, email, phone);
  if (found) {
    const changes = {
      firstName: lead.firstName,
      lastName: lead.lastName,
      locale: lead.locale,
      email: found.email ?? email,
      phone: found.phone ?? phone,
      updatedAt: at,
    };
    await db.updateTable("customers").set(changes).where("id", "=", found.id).execute();
    return { ...found, ...changes };
  }
  const row: CustomerRow = {
    id: crypto.randomUUID(),
    email,
    phone,
    firstName: lead.firstName,
    lastName: lead.lastName,
    locale: lead.locale,
    mergedIntoId: null,
    createdAt: at,
    updatedAt: at,
  };
  await db.insertInto("customers").values(row).execute();
  return row;
}

/**
 * Customers (not merged) whose name, e-mail or phone contains `q`, any case; a phone typed in any
 * format is also matched as E.164. Newest first, at most `limit`.
 */
export async function searchCustomers(db: Db, q: string, limit = 20): Promise<CustomerRow[]> {
  const text = `%${q.trim().toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const digits = q.replace(/\D/g, "");
  const phone = digits.length >= 7 ? phoneE164(q) : null;
  return db
    .selectFrom("customers")
    .selectAll()
    .where("mergedIntoId", "is", null)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(first_name || ' ' || last_name)`, "like", sql<string>`${text} escape '\\'`),
        eb("email", "like", sql<string>`${text} escape '\\'`),
        ...(digits.length >= 3 ? [eb("phone", "like", `%${digits}%`)] : []),
        ...(phone ? [eb("phone", "=", phone)] : []),
      ]),
    )
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
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
