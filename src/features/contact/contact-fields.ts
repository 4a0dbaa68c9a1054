/** Name of the contact form's honeypot field: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = "website";
