import crypto from "node:crypto";
import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { contactSubmissionInsert, storedContactSubmission } from "~/server/data/contact-submissions.server";
import { assignArrivingLead, inLeadTransaction, registerLeadWithItsRow } from "~/server/leads/register-lead.server";
import { dealSettingsOfStockVersion, findVehicle } from "~/server/data/vehicles.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import type { Locale } from "~/shared/i18n/locales";
import type { LeadSource } from "~/shared/leads/lead-source";
import { contactMessageMails } from "./contact-mails.server";
import { contactSchema, HONEYPOT_FIELD, type ContactFormValues } from "./contact-schema";
import { readBeside } from "~/server/db/transaction.server";

/** What a submitted contact form comes to: sent (a bot's too, which it cannot tell), or its field messages. */
export type ContactSubmitResult = { kind: "sent" } | { kind: "invalid"; fieldErrors: Record<string, string> };

/**
 * The contact form's one use case, whichever way it arrives (the page's route action, posted with
 * or without JavaScript, or POST /api/contact): checks `input` with the form's schema in the
 * shopper's language, then stores the message and its mails. `source`: the visit that brought the
 * shopper, from the request's lead-source cookie.
 */
export async function submitContactMessage(
  ctx: AppContext,
  input: unknown,
  locale: Locale,
  source: LeadSource | null = null,
): Promise<ContactSubmitResult> {
  const parsed = contactSchema(messagesFor(locale)).safeParse(input ?? {});
  if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
  // A bot's message is discarded by the service; it gets the same answer as a person.
  await sendContactMessage(ctx, parsed.data, locale, serverNow(ctx), source);
  return { kind: "sent" };
}

/**
 * Stores one contact message and its mails in one transaction: if the message is stored,
 * its mails will be sent. A filled honeypot means a bot: nothing is stored, but
 * the caller answers as if it had been, so the bot learns nothing.
 */
export async function sendContactMessage(
  ctx: AppContext,
  values: ContactFormValues,
  locale: Locale = "en",
  now = serverNow(ctx),
  source: LeadSource | null = null,
): Promise<"stored" | "discarded-bot"> {
  if (values[HONEYPOT_FIELD]) {
    ctx.logger.info("contact message discarded: honeypot filled");
    return "discarded-bot";
  }
  await inLeadTransaction(ctx.db, { type: "message", locale }, now, async (trx) => {
    // Read beside the transaction while it writes (decision 160): a vehicle that goes meanwhile fails the message's insert.
    const dealSettings = readBeside(trx, dealSettingsOfStockVersion);
    const vehicleId = values.vehicleId ?? null;
    const vehicleRead = vehicleId ? readBeside(trx, (db) => findVehicle(db, vehicleId)) : null;
    const input = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      message: values.message,
      vehicleId: values.vehicleId ?? null,
      hasTradeIn: values.hasTradeIn,
      locale,
    };
    const id = crypto.randomUUID();
    // The message is inserted with its customer (decision 162).
    const { row, arriving } = await registerLeadWithItsRow(
      trx,
      {
        type: "message",
        id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        locale,
        vehicleId: input.vehicleId,
        source,
      },
      (qb) => contactSubmissionInsert(qb, id, input, now),
      now,
    );
    const message = storedContactSubmission(row);
    const vehicle = vehicleRead ? await vehicleRead() : null;
    // Staff and the CRM see the price the shopper saw: with the documentation fee (L2).
    const { docFee } = (await dealSettings()).settings;
    await assignArrivingLead(trx, ctx.env, arriving, contactMessageMails(ctx.env, message, vehicle, source, docFee), now);
  });
  return "stored";
}
