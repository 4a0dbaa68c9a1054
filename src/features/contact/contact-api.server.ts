import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import type { ApiErrorBody } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import { localeFromBody } from "~/shared/i18n/locales";
import { submitContactMessage } from "./send-contact-message.server";

/** Messages one client may send per window: plenty for a person, little for a bot. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };

/** POST /api/contact */
export function contactApi(ctx: AppContext): Router {
  const router = Router();
  router.post(
    "/contact",
    // Refused before the body is read: in the sending page's language (read from its address); the field messages follow the body's locale.
    rateLimit({ ...CONTACT_RATE_LIMIT, message: (locale) => messagesFor(locale).contact.api.tooMany }),
    jsonBody(),
    async (req, res) => {
      // The page says which language it is in (`locale` in the body): field messages come back
      // in it, the message is stored with it and the shopper's acknowledgement is written in it.
      const locale = localeFromBody(req.body);
      const result = await submitContactMessage(ctx, req.body, locale, leadSourceFromCookieHeader(req.headers.cookie));
      if (result.kind === "invalid") {
        res
          .status(400)
          .json({ error: messagesFor(locale).contact.posted.fixFields, fieldErrors: result.fieldErrors } satisfies ApiErrorBody);
        return;
      }
      res.status(201).json({ ok: true });
    },
  );
  return router;
}
