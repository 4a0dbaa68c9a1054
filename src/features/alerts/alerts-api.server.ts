import { Router, type NextFunction, type Request, type Response } from "express";
import express from "express";
import { isbot } from "isbot";
import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import { insertAlertVisit } from "~/server/data/alert-visits.server";
import { fieldErrorsOf, type ApiErrorBody } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { alertsMessagesFor } from "~/shared/i18n/alerts-messages";
import { localeFromBody } from "~/shared/i18n/locales";
import { businessProfile } from "~/shared/config/business-profile";
import { alertApiSchema } from "./alert-schema";
import { alertsMailFor } from "./alert-mails.server";
import { alertVehicles } from "./alert-vehicles.server";
import { requestAlerts, unsubscribeAlerts } from "./alert-subscriptions.server";
import { countDeviceSave } from "./saved-list.server";

/** Requests for alerts one client may make per window (the form and POST /api/alerts share it); each address has its own limit too. */
export const ALERTS_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
/** Saves and removals one client may post per window (hearts without JavaScript, Remove on /saved, /api/saved). */
export const SAVED_RATE_LIMIT = { limit: 60, windowMs: 10 * 60_000 };
/** The most a post to the alerts form or the saved list carries: an address and a few fields. */
export const ALERTS_FORM_MAX_BYTES = 4 * 1024;
/** A one-click unsubscribe's body: `List-Unsubscribe=One-Click`, form-encoded or multipart (RFC 8058 §3.2). */
const ONE_CLICK_MAX_BYTES = 2 * 1024;

/** POST /api/alerts and POST /api/saved (docs/behaviour.md §7, §21). */
export function alertsApi(ctx: AppContext): Router {
  const router = Router();
  router.post(
    "/alerts",
    rateLimit({ ...ALERTS_RATE_LIMIT, message: (locale) => alertsMessagesFor(locale).form.tooMany }),
    jsonBody(),
    async (req, res) => {
      const locale = localeFromBody(req.body);
      const m = alertsMessagesFor(locale);
      const parsed = alertApiSchema(m).safeParse(req.body ?? {});
      if (!parsed.success) {
        res.status(400).json({ error: m.form.fixFields, fieldErrors: fieldErrorsOf(parsed.error) } satisfies ApiErrorBody);
        return;
      }
      const { email, vehicleId, search } = parsed.data;
      if (vehicleId && !(await alertVehicles(ctx.db, [vehicleId.toLowerCase()])).some((v) => v.listed)) {
        res.status(400).json({ error: m.form.fixFields, fieldErrors: { vehicleId: m.form.unknownVehicle } } satisfies ApiErrorBody);
        return;
      }
      const searchQuery = search
        ? new URLSearchParams(Object.entries(search).filter((e): e is [string, string] => !!e[1])).toString()
        : null;
      await requestAlerts(ctx, {
        email,
        locale,
        targets: { vehicles: vehicleId ? [vehicleId.toLowerCase()] : [], searches: searchQuery === null ? [] : [searchQuery] },
      });
      // The same answer for every address, known, confirmed, unsubscribed or over its limits.
      res.status(202).json({ accepted: true });
    },
  );
  router.post(
    "/saved",
    rateLimit({ ...SAVED_RATE_LIMIT, message: (locale) => alertsMessagesFor(locale).form.tooMany }),
    jsonBody("2kb"),
    async (req, res) => {
      if (!(await countDeviceSave(ctx, req.headers.cookie, req.body))) {
        res.status(400).json({ error: "Send { vehicleId, saved }." } satisfies ApiErrorBody);
        return;
      }
      res.status(204).end();
    },
  );
  return router;
}

/**
 * One-click unsubscribe (RFC 8058 §3.1–3.2, decision 116): a mail provider POSTs
 * `List-Unsubscribe=One-Click` (form-encoded or multipart) to the List-Unsubscribe URL, from its own
 * servers, cross-site and without cookies. The address is unsubscribed and the answer is a 200 with a
 * line of text: no page, no redirect ("MUST NOT return an HTTPS redirect"), no cookie. The route table
 * sends posts to the List-Unsubscribe route here before its same-site check (its row says
 * "one-click unsubscribe", src/app/route-policy.server.ts), with the route's parameters as the router
 * reads them; any other post to the URL (the unsubscribe page's own button) goes on to that check and
 * the page's action.
 */
export function alertsOneClickUnsubscribe(ctx: AppContext) {
  const body = express.raw({ type: () => true, limit: ONE_CLICK_MAX_BYTES });
  return (req: Request, res: Response, next: NextFunction, params: Readonly<Record<string, string>>) => {
    body(req, res, (error?: unknown) => {
      if (error) return next(error);
      void answerOneClick(ctx, req, res, next, params.token ?? "").catch(next);
    });
  };
}

async function answerOneClick(ctx: AppContext, req: Request, res: Response, next: NextFunction, token: string): Promise<void> {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { "Content-Type": req.get("content-type") ?? "application/x-www-form-urlencoded" },
    }).formData();
  } catch {
    form = new FormData();
  }
  if (form.get("List-Unsubscribe") !== "One-Click") return next();
  const result = await unsubscribeAlerts(ctx, token);
  res.set("Cache-Control", "no-store").type("text/plain; charset=utf-8");
  if (result.kind === "not-found") {
    res.status(404).send("Not found");
    return;
  }
  res.status(200).send(alertsMailFor(result.locale).unsubscribedText(businessProfile.name));
}

/**
 * Counts a page visit that came from an alert mail's link (`utm_source=alert`; the kind of alert in
 * `utm_campaign`) for the alerts report: the page and the kind only, no address, no person; bots are
 * skipped, and so is what is no page a shopper lands on (`isLanding`, from the route table). Never holds the page up: a failure is logged.
 */
export function alertVisitCounter(ctx: AppContext, isLanding: (res: Response) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.query.utm_source !== "alert" || !isLanding(res)) return next();
    const userAgent = req.get("user-agent");
    if (!userAgent || isbot(userAgent)) return next();
    const campaign = typeof req.query.utm_campaign === "string" ? req.query.utm_campaign : null;
    insertAlertVisit(ctx.db, { path: req.path, campaign }, serverNow(ctx)).catch((error: unknown) =>
      ctx.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "alert visit not counted"),
    );
    next();
  };
}
