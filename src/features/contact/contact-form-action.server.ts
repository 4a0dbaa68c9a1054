import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { FormTooLargeError, formValues, readFormData } from "~/server/http/form-post.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import { localeFromPath } from "~/shared/i18n/locales";
import type { ContactPostResult } from "./contact-fields";
import { contactSchema } from "./contact-schema";
import { sendContactMessage } from "./send-contact-message.server";

/** Same cap as POST /api/contact's JSON body. */
export const CONTACT_FORM_MAX_BYTES = 100 * 1024;
const ECHOED_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;

/**
 * The contact form posted to a page (the Contact page or a vehicle page) without JavaScript:
 * the same schema and service as POST /api/contact. `vehicleId` comes from the page, not the body.
 */
export async function contactFormPost(ctx: AppContext, request: Request, vehicleId?: string): Promise<ContactPostResult> {
  let formData: FormData;
  try {
    formData = await readFormData(request, CONTACT_FORM_MAX_BYTES);
  } catch (error) {
    if (error instanceof FormTooLargeError) return { kind: "too-large" };
    throw error;
  }
  const input = { ...formValues(formData, ["hasTradeIn"]), vehicleId };
  // The page's language (/es/contact, /pt/{vehicle}…): its field messages and the shopper's mail.
  const locale = localeFromPath(new URL(request.url).pathname);
  const parsed = contactSchema(messagesFor(locale)).safeParse(input);
  if (!parsed.success) {
    const values = Object.fromEntries(ECHOED_FIELDS.map((name) => [name, String(formData.get(name) ?? "")]));
    return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error), values };
  }
  // A bot's message is discarded by the service; it gets the same answer as a person.
  await sendContactMessage(ctx, parsed.data, locale);
  return { kind: "sent" };
}
