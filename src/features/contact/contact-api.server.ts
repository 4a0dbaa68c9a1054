import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400 } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { contact } from "~/shared/i18n/en/contact";
import { contactSchema } from "./contact-schema";
import { sendContactMessage } from "./send-contact-message.server";

/** Messages one client may send per window: plenty for a person, little for a bot. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };

/** POST /api/contact */
export function contactApi(ctx: AppContext): Router {
  const router = Router();
  router.post("/contact", rateLimit({ ...CONTACT_RATE_LIMIT, message: contact.api.tooMany }), jsonBody(), async (req, res) => {
    const values = parseOr400(res, contactSchema, req.body);
    if (!values) return;
    await sendContactMessage(ctx, values);
    res.status(201).json({ ok: true });
  });
  return router;
}
