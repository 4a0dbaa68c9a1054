import crypto from "node:crypto";
import type { Selectable } from "kysely";
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
