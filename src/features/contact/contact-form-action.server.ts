import type { AppContext } from "~/server/context.server";
import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import { FormTooLargeError, formInput, readFormData, schemaFieldNames } from "~/server/http/form-post.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import { localeFromPath } from "~/shared/i18n/locales";
import { HONEYPOT_FIELD, type ContactPostResult } from "./contact-fields";
import { contactSchema } from "./contact-schema";
import { submitContactMessage } from "./send-contact-message.server";

/** Same cap as POST /api/contact's JSON body. */
export const CONTACT_FORM_MAX_BYTES = 100 * 1024;

/**
 * The contact form posted to its page (the Contact page or a vehicle page), with JavaScript (a
 * submission by React Router) or without (a plain POST): the same service as POST /api/contact. `vehicleId` comes
 * from the page, not the body.
 */
export async function contactFormPost(ctx: AppContext, request: Request, vehicleId?: string): Promise<ContactPostResult> {
  let formData: FormData;
  try {
    formData = await readFormData(request, { maxBytes: CONTACT_FORM_MAX_BYTES });
  } catch (error) {
    if (error instanceof FormTooLargeError) return { kind: "too-large" };
    throw error;
  }
  // The page's language (/es/contact, /pt/{vehicle}…): its field messages and the shopper's mail.
  const locale = localeFromPath(new URL(request.url).pathname);
  const schema = contactSchema(messagesFor(locale));
  const source = leadSourceFromCookieHeader(request.headers.get("cookie"));
  const result = await submitContactMessage(ctx, { ...formInput(formData, schema), vehicleId }, locale, source);
  if (result.kind === "sent") return result;
  // What was typed comes back into the fields; never the honeypot, and the vehicle is the page's.
  const echoed = schemaFieldNames(schema).filter((name) => name !== HONEYPOT_FIELD && name !== "vehicleId");
  return { ...result, values: Object.fromEntries(echoed.map((name) => [name, String(formData.get(name) ?? "")])) };
}
