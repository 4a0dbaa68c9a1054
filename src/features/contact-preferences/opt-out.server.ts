import type { AppContext } from "~/server/context.server";
import { findCustomerByContact } from "~/server/data/customers.server";
import { refuseContact, refusedChannels } from "~/server/data/do-not-contact.server";
import { CONTACT_CHANNELS, type ContactChannel } from "~/shared/config/contact-consent";
import { findOptOutLinkEmail } from "~/server/data/opt-out-links.server";
import { hashSecretLinkToken, SECRET_LINK_TOKEN_PATTERN } from "~/server/secret-link.server";

/** What the opt-out page shows: the address the mail went to (partly hidden) and the channels already stopped. */
export type OptOutView = { email: string; refused: ContactChannel[] };

/** "m•••@example.com": enough for the shopper to know which address, not enough for a forwarded link to reveal it. */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** Who a link stands for: the address its mail went to, and that address's customer (for the phone channels). */
async function linkSubject(ctx: AppContext, token: string) {
  if (!SECRET_LINK_TOKEN_PATTERN.test(token)) return null;
  const email = await findOptOutLinkEmail(ctx.db, hashSecretLinkToken(token));
  if (!email) return null;
  const customer = await findCustomerByContact(ctx.db, email, null);
  return { id: customer?.id ?? null, email, phone: customer?.phone ?? null };
}

/** GET /opt-out/{token}: the page's view, or null for an unknown link (decision 094). Works without signing in. */
export async function optOutPage(ctx: AppContext, token: string): Promise<OptOutView | null> {
  const subject = await linkSubject(ctx, token);
  if (!subject) return null;
  return { email: maskEmail(subject.email), refused: (await refusedChannels(ctx.db, subject)).map((r) => r.channel) };
}

export type OptOutResult = { kind: "done"; view: OptOutView } | { kind: "none-chosen"; view: OptOutView } | { kind: "not-found" };

/**
 * The opt-out link's form, posted: "do not contact" for the chosen channels, on the address the
 * mail went to (e-mail) and its customer's phone (calls, texts). A form post, not the link itself:
 * mail scanners open links, and a GET must never change anything.
 */
export async function optOut(ctx: AppContext, token: string, chosen: string[], now = new Date()): Promise<OptOutResult> {
  const subject = await linkSubject(ctx, token);
  if (!subject) return { kind: "not-found" };
  const channels = CONTACT_CHANNELS.filter((c) => chosen.includes(c));
  if (channels.length === 0) {
    return {
      kind: "none-chosen",
      view: { email: maskEmail(subject.email), refused: (await refusedChannels(ctx.db, subject)).map((r) => r.channel) },
    };
  }
  await refuseContact(ctx.db, subject, channels, { source: "opt-out-link", staffId: null }, now);
  return {
    kind: "done",
    view: { email: maskEmail(subject.email), refused: (await refusedChannels(ctx.db, subject)).map((r) => r.channel) },
  };
}

/** The opt-out form's body: three checkboxes' names at most. */
export const OPT_OUT_FORM_MAX_BYTES = 4 * 1024;
