import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { ContactConsentTable } from "~/server/db/schema.server";
import { phoneE164 } from "~/shared/leads/customer-match";

export type ContactConsentRow = Selectable<ContactConsentTable>;

/**
 * Records a consent to calls and texts in the lead's transaction (decision 094): its wording's
 * version and language, the number it covers (E.164 when it parses), where from and when.
 */
export async function insertContactConsent(
  db: Db,
  consent: {
    customerId: string;
    leadType: string;
    leadId: string;
    wordingVersion: string;
    locale: string;
    phone: string;
    clientAddress: string | null;
  },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("contactConsents")
    .values({
      id: crypto.randomUUID(),
      customerId: consent.customerId,
      leadType: consent.leadType,
      leadId: consent.leadId,
      channels: "phone,text",
      wordingVersion: consent.wordingVersion,
      locale: consent.locale,
      phone: phoneE164(consent.phone) ?? consent.phone.trim(),
      clientAddress: consent.clientAddress,
      givenAt: now.toISOString(),
    })
    .execute();
}

/** A customer's consents, oldest first. */
export async function listContactConsents(db: Db, customerId: string): Promise<ContactConsentRow[]> {
  return db.selectFrom("contactConsents").selectAll().where("customerId", "=", customerId).orderBy("givenAt").execute();
}
