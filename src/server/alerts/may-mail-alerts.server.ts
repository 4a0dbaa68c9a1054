import { findAlertSubscriberByEmail } from "~/server/data/alert-subscribers.server";
import { mayContactCustomer } from "~/server/data/do-not-contact.server";
import type { Db } from "~/server/db/database.server";
import { customerEmail } from "~/shared/leads/customer-match";

/** The two kinds of mail the alerts send: the confirmation a shopper asked for, and the alerts themselves. */
export type AlertMailPurpose = "confirmation" | "alert";

/**
 * May the alerts mail this address now (docs/behaviour.md §21)? The one gate every alert mail passes:
 * when a confirmation or a digest is written, and again by the outbox worker just before it is sent, so
 * an unsubscribe or a "do not contact" set in between is honoured at once.
 * - Never to an address the dealership must not e-mail (decision 094: the customer's opt-out link, or
 *   staff on the customer record), for either purpose. Unsubscribing from the alerts stops the alerts
 *   only; "do not contact by e-mail" stops every mail that is no answer to the shopper's own request,
 *   the alerts and their confirmations included (anyone can type an address into the alerts form).
 * - An alert goes only to an address that confirmed and has not unsubscribed.
 * - A confirmation goes to an address that asked for it (it may have unsubscribed before: asking again
 *   is how it comes back).
 */
export async function mayMailAlerts(db: Db, email: string, purpose: AlertMailPurpose): Promise<boolean> {
  const address = customerEmail(email);
  if (!address) return false;
  if (!(await mayContactCustomer(db, { email: address, phone: null }, "email"))) return false;
  if (purpose === "alert") {
    const subscriber = await findAlertSubscriberByEmail(db, address);
    if (subscriber?.status !== "confirmed") return false;
  }
  return true;
}
