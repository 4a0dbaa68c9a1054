import { Router } from "express";
import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import { parseOr400, type ApiErrorBody } from "~/server/http/api-errors.server";
import { inFlightBodyLimit } from "~/server/http/in-flight-body-limit.server";
import { jsonBody } from "~/server/http/json-body.server";
import { ImageWorkBusyError } from "~/server/images/image-store.server";
import { StorageUnavailableError } from "~/server/storage/file-store.server";
import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { localeFromBody } from "~/shared/i18n/locales";
import { tradeInMessagesFor } from "~/shared/i18n/trade-in-messages";
import { tradeInSchema } from "./trade-in-schema";
import { submitTradeIn, type TradeInVinDecode } from "./trade-in.server";

const MB = 1024 * 1024;
/** Ten photos as data URLs (the page sends them resized to 1200 px, a few hundred KB each) and the fields. */
export const TRADE_IN_BODY_LIMIT_BYTES = 40 * MB;
/** Requests per client and window: a shopper sends one or two, a bot is stopped early. */
export const TRADE_IN_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

/** One bound per process on the trade-in bodies in memory, for the /api route and the page form together. */
export const tradeInInFlightLimit = inFlightBodyLimit({
  maxBytes: 256 * MB,
  bodyLimitBytes: TRADE_IN_BODY_LIMIT_BYTES,
  unknownLengthBytes: 2 * MB,
  message: "The server is busy. Please try again in a moment.",
});

/** POST /api/trade-ins */
export function tradeInApi(ctx: AppContext, decodeVin?: TradeInVinDecode): Router {
  const router = Router();
  router.post(
    "/trade-ins",
    // Refused before the body is read: in the language of the page that sent it (its Referer).
    rateLimit({ ...TRADE_IN_RATE_LIMIT, message: (locale) => tradeInMessagesFor(locale).api.tooMany }),
    tradeInInFlightLimit,
    jsonBody(`${TRADE_IN_BODY_LIMIT_BYTES / MB}mb`),
    async (req, res) => {
      const locale = localeFromBody(req.body);
      const m = tradeInMessagesFor(locale);
      const values = parseOr400(res, tradeInSchema(m), req.body, m.posted.fixFields);
      if (!values) return;
      let result;
      try {
        result = await submitTradeIn(
          ctx,
          values,
          locale,
          decodeVin,
          serverNow(ctx),
          leadSourceFromCookieHeader(req.headers.cookie),
          req.ip ?? null,
        );
      } catch (error) {
        // Image work full, or the file store out of reach (decision 123): nothing stored, try again later.
        if (!(error instanceof ImageWorkBusyError) && !(error instanceof StorageUnavailableError)) throw error;
        res.setHeader("Retry-After", String(error.retryAfterSeconds));
        res.status(503).json({ error: m.api.busy } satisfies ApiErrorBody);
        return;
      }
      if (result.kind === "invalid") {
        res.status(400).json({ error: m.posted.fixFields, fieldErrors: result.fieldErrors } satisfies ApiErrorBody);
        return;
      }
      // A bot's request gets the same answer as a person's, with an id that names nothing.
      res.status(201).json({ id: result.kind === "stored" ? result.id : crypto.randomUUID() });
    },
  );
  return router;
}
