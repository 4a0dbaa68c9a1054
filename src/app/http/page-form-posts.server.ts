import type { RequestHandler } from "express";
import { Router } from "express";
import { ALERTS_RATE_LIMIT, SAVED_RATE_LIMIT } from "~/features/alerts/alerts-api.server";
import { BOOKING_RATE_LIMIT } from "~/features/booking/booking-api.server";
import { CONTACT_RATE_LIMIT } from "~/features/contact/contact-api.server";
import { DEAL_RATE_LIMIT } from "~/features/deal/deal-sheet-api.server";
import { FINANCING_RATE_LIMIT, financingInFlightLimit } from "~/features/financing/financing-api.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import { LOCALES, localizedPath, type Locale } from "~/shared/i18n/locales";
import { isVehiclePathSlug } from "~/shared/lib/vehicle-path";
import { TRADE_IN_RATE_LIMIT, tradeInInFlightLimit } from "~/features/trade-in/trade-in-api.server";
import { rateLimitMessagesFor } from "~/shared/i18n/rate-limit-messages";
import { tradeInMessagesFor } from "~/shared/i18n/trade-in-messages";
import { dealSheetMessagesFor } from "~/shared/i18n/deal-sheet-messages";
import { alertsMessagesFor } from "~/shared/i18n/alerts-messages";

/**
 * Guards for the forms that post to page routes (decisions 025 and 062): the same per-client
 * limits as their /api twins, and only from this site's own pages (a browser says so in
 * Sec-Fetch-Site; clients that send none, like curl, pass, as they can call /api anyway). Both
 * ways a form posts are guarded: the plain POST without JavaScript (/contact) and React Router's
 * with it (/contact.data, React Router's data request for the same action). Every language's
 * pages are guarded (/contact, /es/contact, /pt/contact…), sharing one budget per client, and a
 * refusal is written in the page's language: on the page itself after a plain POST, in the JSON
 * `{ error }` the form shows after React Router's.
 */
export function pageFormPosts(): Router {
  const router = Router();
  const sameSiteOnly: RequestHandler = (req, res, next) => {
    const site = req.get("sec-fetch-site");
    if (site && site !== "same-origin") {
      res.status(403).type("text/plain").send("Forbidden");
      return;
    }
    // A body past the form's cap is refused (413) before it is read, and its unread rest stays on
    // the connection; the client's next request there could wait forever. These posts are a few a
    // visit: each closes its connection (RFC 9110 §9.6), and the next request opens a fresh one.
    res.setHeader("Connection", "close");
    next();
  };
  // One counter per form for all languages: switching language must not reset a client's budget.
  // A refused plain POST gets its page with the message on it; React Router's post the JSON `{ error }`.
  const pagePost = true;
  const contactLimits = rateLimit({ ...CONTACT_RATE_LIMIT, pagePost, message: (locale) => messagesFor(locale).contact.api.tooMany });
  const bookingLimits = rateLimit({ ...BOOKING_RATE_LIMIT, pagePost, message: (locale) => messagesFor(locale).booking.api.tooMany });
  const financingLimits = rateLimit({ ...FINANCING_RATE_LIMIT, pagePost, message: (locale) => rateLimitMessagesFor(locale).financing });
  const tradeInLimits = rateLimit({ ...TRADE_IN_RATE_LIMIT, pagePost, message: (locale) => tradeInMessagesFor(locale).api.tooMany });
  const dealLimits = rateLimit({ ...DEAL_RATE_LIMIT, pagePost, message: (locale) => dealSheetMessagesFor(locale).form.tooMany });
  const alertsLimits = rateLimit({ ...ALERTS_RATE_LIMIT, pagePost, message: (locale) => alertsMessagesFor(locale).form.tooMany });
  const savedLimits = rateLimit({ ...SAVED_RATE_LIMIT, pagePost, message: (locale) => alertsMessagesFor(locale).form.tooMany });
  const page = (path: string, locale: Locale) => [localizedPath(path, locale), `${localizedPath(path, locale)}.data`];
  for (const locale of LOCALES) {
    router.post(page("/contact", locale), sameSiteOnly, contactLimits);
    router.post(page("/booking", locale), sameSiteOnly, bookingLimits);
    router.post(page("/financing", locale), sameSiteOnly, financingLimits, financingInFlightLimit);
    router.post(page("/trade-in", locale), sameSiteOnly, tradeInLimits, tradeInInFlightLimit);
    router.post(page("/deal", locale), sameSiteOnly, dealLimits);
    // A cross-site post to /saved could overwrite a shopper's list (its cookie is not sent cross-site).
    router.post(page("/saved", locale), sameSiteOnly, savedLimits);
    router.post(page("/alerts", locale), sameSiteOnly, alertsLimits);
    router.post(localizedPath("/:page", locale), (req, res, next) =>
      isVehiclePathSlug(String(req.params.page).replace(/\.data$/, ""))
        ? sameSiteOnly(req, res, () => contactLimits(req, res, next))
        : next(),
    );
  }
  return router;
}
