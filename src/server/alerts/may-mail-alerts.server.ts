import { findAlertSubscriberByEmail } from "~/server/data/alert-subscribers.server";
import type { Db } from "~/server/db/database.server";
import { customerEmail } from "~/shared/leads/customer-match";

/** The two kinds of mail the alerts send: the confirmation a shopper asked for, and the alerts themselves. */
export type AlertMailPurpose = "confirmation" | "alert";

/**
 * May the alerts mail this address now (docs/behaviour.md §21)? The one gate every alert mail passes:
 * when a digest is written, and again by the outbox worker just before it is sent, so an unsubscribe
 * or a do-not-contact flag set in between is honoured at once.
 * - An alert goes only to an address that confirmed and has not unsubscribed.
 * - A confirmation goes to an address that asked for it (it may have unsubscribed before: asking again
 *   is how it comes back), but never to one the dealership must not e-mail.
 * The customer's do-not-contact flag for e-mail (the documents issue) belongs here, for both purposes.
 */
export async function mayMailAlerts(db: Db, email: string, purpose: AlertMailPurpose): Promise<boolean> {
  const address = customerEmail(email);
  if (!address) return false;
  if (purpose === "alert") {
    const subscriber = await findAlertSubscriberByEmail(db, address);
    if (subscriber?.status !== "confirmed") return false;
  }
  return true;
}
