import { z } from "zod";
import type { Messages } from "~/shared/i18n/en";
import { HONEYPOT_FIELD } from "./contact-fields";
import { emailField, phoneField, requiredMultilineText, requiredText, uuidField } from "~/shared/validation/fields";

/** Message minimum length (docs/behaviour.md §9). */
export const MESSAGE_MIN_LENGTH = 10;

export { HONEYPOT_FIELD };

/**
 * The contact form (Contact page and vehicle page), shared by the form and POST /api/contact,
 * with the field messages of the shopper's language (`m`: that language's catalogue; English
 * messages are those of docs/behaviour.md §5).
 */
export const contactSchema = ({ contact }: Pick<Messages, "contact">) => {
  // Built once per language's messages: a zod schema costs a millisecond or two to build, on every post.
  let schema = builtContactSchemas.get(contact);
  if (!schema) builtContactSchemas.set(contact, (schema = buildContactSchema(contact)));
  return schema;
};

const buildContactSchema = (contact: Messages["contact"]) =>
  z.object({
    firstName: requiredText(contact.errors.firstName).pipe(z.string().max(100, contact.errors.firstName)),
    lastName: requiredText(contact.errors.lastName).pipe(z.string().max(100, contact.errors.lastName)),
    email: emailField(contact.errors.email).pipe(z.string().max(254, contact.errors.email)),
    phone: phoneField(contact.errors.phone).pipe(z.string().max(40, contact.errors.phone)),
    message: requiredMultilineText(contact.errors.message, MESSAGE_MIN_LENGTH).pipe(z.string().max(5000)),
    /** Sent by the vehicle page only. */
    vehicleId: uuidField()
      .transform((v) => v.toLowerCase())
      .optional()
      .or(z.literal("").transform(() => undefined)),
    hasTradeIn: z.boolean().default(false),
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
  });

const builtContactSchemas = new WeakMap<Messages["contact"], ReturnType<typeof buildContactSchema>>();

export type ContactFormInput = z.input<ReturnType<typeof contactSchema>>;
export type ContactFormValues = z.output<ReturnType<typeof contactSchema>>;
