import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { findCustomer } from "~/server/data/customers.server";
import { allowContact, refuseContact, refusedChannels } from "~/server/data/do-not-contact.server";
import { CONTACT_CHANNELS, type ContactChannel } from "~/shared/config/contact-consent";
import { insertLeadEvent } from "~/server/data/lead-events.server";
import type { Staff } from "~/server/http/staff-request.server";
import type { ContactPreferencesInput } from "./customer-record-schema";
import { inTransaction } from "~/server/db/transaction.server";

/**
 * Staff set or lift a customer's "do not contact" per channel (decision 094): a customer who asks by
 * phone or in person to hear nothing more, or to hear from us again. Kept by the address each channel
 * reaches (their e-mail, their phone), recorded in the timeline and the audit log. Null: no such
 * customer (or one merged away).
 */
export async function setContactPreferences(
  ctx: AppContext,
  staff: Staff,
  customerId: string,
  input: ContactPreferencesInput,
  now = new Date(),
): Promise<{ channel: ContactChannel; since: string; source: string }[] | null> {
  return inTransaction(ctx.db, async (trx) => {
    const customer = await findCustomer(trx, customerId);
    if (!customer || customer.mergedIntoId) return null;
    const before = new Set((await refusedChannels(trx, customer)).map((r) => r.channel));
    const refuse = CONTACT_CHANNELS.filter((c) => input.doNotContact[c] && !before.has(c));
    const allow = CONTACT_CHANNELS.filter((c) => !input.doNotContact[c] && before.has(c));
    await refuseContact(trx, customer, refuse, { source: "staff", staffId: staff.id }, now);
    await allowContact(trx, customer, allow);
    if (refuse.length || allow.length) {
      await insertLeadEvent(trx, { customerId, kind: "do-not-contact", staffId: staff.id, data: { refused: refuse, allowed: allow } }, now);
      await insertAuditEntry(
        trx,
        { actor: staff.actor, accountId: staff.id, action: "contact-preferences", entity: "customer", entityId: customerId },
        now,
      );
    }
    return refusedChannels(trx, customer);
  });
}
