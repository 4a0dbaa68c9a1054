import type { RequestHandler } from "express";
import { Router } from "express";
import { BOOKING_RATE_LIMIT } from "~/features/booking/booking-api.server";
import { CONTACT_RATE_LIMIT } from "~/features/contact/contact-api.server";
import { FINANCING_RATE_LIMIT, financingInFlightLimit } from "~/features/financing/financing-api.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { messagesFor } from "~/shared/i18n/messages";
import { isVehiclePathSlug } from "~/shared/lib/vehicle-path";

/**
 * Guards for the forms that post to page routes when JavaScript is off (decision 025): the same
 * per-client limits as their /api twins, and only from this site's own pages (a browser says so
 * in Sec-Fetch-Site; clients that send none, like curl, pass, as they can call /api anyway).
 */
export function pageFormPosts(): Router {
  const m = messagesFor();
  const router = Router();
  const sameSiteOnly: RequestHandler = (req, res, next) => {
    const site = req.get("sec-fetch-site");
    if (site && site !== "same-origin") {
      res.status(403).type("text/plain").send("Forbidden");
      return;
    }
    next();
  };
  const contactLimit = rateLimit({ ...CONTACT_RATE_LIMIT, message: m.contact.api.tooMany });
  router.post("/contact", sameSiteOnly, contactLimit);
  router.post("/booking", sameSiteOnly, rateLimit({ ...BOOKING_RATE_LIMIT, message: m.booking.api.tooMany }));
  router.post("/financing", sameSiteOnly, rateLimit({ ...FINANCING_RATE_LIMIT, message: "Too many requests" }), financingInFlightLimit);
  router.post("/:page", (req, res, next) =>
    isVehiclePathSlug(req.params.page) ? sameSiteOnly(req, res, () => contactLimit(req, res, next)) : next(),
  );
  return router;
}
