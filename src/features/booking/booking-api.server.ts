import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf, sendError, type ApiErrorBody } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import { asLocale, localeFromBody } from "~/shared/i18n/locales";
import { isoDateField, uuidField } from "~/shared/validation/fields";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { cancelManagedBooking, findManagedBooking } from "./booking-manage.server";
import { bookingSchema } from "./booking-schema";
import {
  bookingCalendarDownload,
  createBooking,
  listBookableServices,
  refusalFieldErrors,
  takenSlotsForDate,
  type VinDecode,
} from "./booking.server";

/** Attempts per client and window: far above a shopper's needs, low enough to stop slot flooding. */
export const BOOKING_RATE_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

/**
 * GET /api/services, GET /api/bookings/date/{yyyy-MM-dd}, POST /api/bookings,
 * GET /api/bookings/{id}/ics, GET /api/bookings/manage/{token}, POST /api/bookings/manage/{token}/cancel
 */
export function bookingApi(ctx: AppContext, decodeVin?: VinDecode): Router {
  const router = Router();
  const m = messagesFor().booking;
  const dateParam = isoDateField(m.api.invalidDate);
  const idParam = uuidField();

  // `?locale=es` names the services in Spanish where translated; English without it.
  router.get("/services", async (req, res) => {
    res.json(await listBookableServices(ctx, asLocale(req.query.locale)));
  });

  router.get("/bookings/date/:date", async (req, res) => {
    const date = dateParam.safeParse(req.params.date);
    if (!date.success) return sendError(res, 400, m.api.invalidDate);
    res.json(await takenSlotsForDate(ctx, date.data));
  });

  router.post(
    "/bookings",
    rateLimit({ ...BOOKING_RATE_LIMIT, message: (locale) => messagesFor(locale).booking.api.tooMany }),
    jsonBody(),
    async (req, res) => {
      // The page says which language it is in (`locale` in the body): messages come back in it,
      // and the shopper's mails and calendar file are written in it.
      const locale = localeFromBody(req.body);
      const local = messagesFor(locale).booking;
      const parsed = bookingSchema(messagesFor(locale)).safeParse(req.body ?? {});
      if (!parsed.success) {
        res.status(400).json({ error: local.validation.fixFields, fieldErrors: fieldErrorsOf(parsed.error) } satisfies ApiErrorBody);
        return;
      }
      const result = await createBooking(ctx, parsed.data, new Date(), locale, decodeVin, leadSourceFromCookieHeader(req.headers.cookie));
      if (result.kind === "booked") res.status(201).json(result.booking);
      else if (result.kind === "slot-taken") sendError(res, 409, local.toast.slotTaken);
      else
        res.status(400).json({ error: local.validation.fixFields, fieldErrors: refusalFieldErrors(result, locale) } satisfies ApiErrorBody);
    },
  );

  router.get("/bookings/:id/ics", async (req, res) => {
    const id = idParam.safeParse(req.params.id);
    const file = id.success ? await bookingCalendarDownload(ctx, id.data.toLowerCase()) : null;
    if (!file) return sendError(res, 404, m.api.notFound);
    res.setHeader("Content-Type", "text/calendar; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
    res.send(file.body);
  });

  // The manage link's token is the only key: 256 random bits the shopper got by mail.
  router.get("/bookings/manage/:token", async (req, res) => {
    const booking = await findManagedBooking(ctx, String(req.params.token));
    if (!booking) return sendError(res, 404, mailMessagesFor().manage.notFound);
    res.setHeader("Cache-Control", "no-store");
    res.json(booking);
  });

  router.post(
    "/bookings/manage/:token/cancel",
    rateLimit({ ...BOOKING_RATE_LIMIT, message: (locale) => messagesFor(locale).booking.api.tooMany }),
    async (req, res) => {
      const result = await cancelManagedBooking(ctx, String(req.params.token));
      const text = mailMessagesFor().manage;
      if (result.kind === "not-found") return sendError(res, 404, text.notFound);
      if (result.kind === "already-cancelled") return sendError(res, 409, text.alreadyCancelled);
      if (result.kind === "past") return sendError(res, 409, text.past);
      res.json(result.booking);
    },
  );

  return router;
}
