import type { AppContext } from "~/server/context.server";
import { insertContactSubmission } from "~/server/data/contact-submissions.server";
import { HONEYPOT_FIELD, type ContactFormValues } from "./contact-schema";

/**
 * Stores one contact message. A filled honeypot means a bot: nothing is stored, but the
 * caller answers as if it had been, so the bot learns nothing.
 */
export async function sendContactMessage(ctx: AppContext, values: ContactFormValues): Promise<"stored" | "discarded-bot"> {
  if (values[HONEYPOT_FIELD]) {
    ctx.logger.info("contact message discarded: honeypot filled");
    return "discarded-bot";
  }
  await insertContactSubmission(ctx.db, {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    message: values.message,
    vehicleId: values.vehicleId ?? null,
    hasTradeIn: values.hasTradeIn,
  });
  return "stored";
}
