import type { Db } from "~/server/db/database.server";
// The ways the dealership reaches a customer; each can be refused on its own (decision 094).
import { CONTACT_CHANNELS, type ContactChannel } from "~/shared/config/contact-consent";
import { customerEmail, phoneE164 } from "~/shared/leads/customer-match";

/** The address a channel reaches: the e-mail for e-mail, the phone (E.164) for calls and texts. */
function addressOf(customer: { email: string | null; phone: string | null }, channel: ContactChannel): string | null {
  return channel === "email" ? customerEmail(customer.email) : phoneE164(customer.phone);
}

/**
 * May the dealership contact this customer on this channel? The one answer every sender asks
 * (decision 094): staff replies, the after-hours reply, the lead alarm's advice to staff and any later
 * mailing. No when the customer (or staff for them) said "do not contact" for the address the
 * channel would reach, or when there is no such address.
 */
export async function mayContactCustomer(
  db: Db,
  customer: { email: string | null; phone: string | null },
  channel: ContactChannel,
): Promise<boolean> {
  const address = addressOf(customer, channel);
  if (!address) return false;
  const row = await db.selectFrom("doNotContact").select("channel").where("channel", "=", channel).where("address", "=", address).executeTakeFirst();
  return row === undefined;
}

/** The channels refused for this customer's addresses, with when (for the customer record). */
export async function refusedChannels(
  db: Db,
  customer: { email: string | null; phone: string | null },
): Promise<{ channel: ContactChannel; since: string; source: string }[]> {
  const out: { channel: ContactChannel; since: string; source: string }[] = [];
  for (const channel of CONTACT_CHANNELS) {
    const address = addressOf(customer, channel);
    if (!address) continue;
    const row = await db.selectFrom("doNotContact").select(["createdAt", "source"]).where("channel", "=", channel).where("address", "=", address).executeTakeFirst();
    if (row) out.push({ channel, since: row.createdAt, source: row.source });
  }
  return out;
}

/**
 * Records "do not contact" for the channels given, on the addresses they reach; a channel already
 * refused stays as it was (the primary key: a repeat or a race does nothing). Returns the channels
 * that had an address.
 */
export async function refuseContact(
  db: Db,
  customer: { id: string | null; email: string | null; phone: string | null },
  channels: readonly ContactChannel[],
  by: { source: "opt-out-link" | "staff"; staffId: string | null },
  now = new Date(),
): Promise<ContactChannel[]> {
  const done: ContactChannel[] = [];
  for (const channel of channels) {
    const address = addressOf(customer, channel);
    if (!address) continue;
    await db
      .insertInto("doNotContact")
      .values({ channel, address, customerId: customer.id, source: by.source, staffId: by.staffId, createdAt: now.toISOString() })
      .onConflict((oc) => oc.columns(["channel", "address"]).doNothing())
      .execute();
    done.push(channel);
  }
  return done;
}

/** Lifts "do not contact" for these channels (staff, when the customer asks to hear from us again). */
export async function allowContact(db: Db, customer: { email: string | null; phone: string | null }, channels: readonly ContactChannel[]): Promise<void> {
  for (const channel of channels) {
    const address = addressOf(customer, channel);
    if (address) await db.deleteFrom("doNotContact").where("channel", "=", channel).where("address", "=", address).execute();
  }
}
