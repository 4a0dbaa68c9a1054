import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError, type ApiErrorBody } from "~/server/http/api-errors.server";
import { inFlightBodyLimit } from "~/server/http/in-flight-body-limit.server";
import { jsonBody } from "~/server/http/json-body.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import { optionalStaffOf } from "~/server/http/staff-request.server";
import { canUseArea } from "~/shared/staff/staff-roles";
import { uuidField } from "~/shared/validation/fields";
import { messagesFor } from "~/shared/i18n/catalogues";
import { localeFromBody } from "~/shared/i18n/locales";
import { rateLimitMessagesFor } from "~/shared/i18n/rate-limit-messages";
import { hasPdfAccess, setPdfAccessCookie } from "./financing-pdf-access.server";
import { buildFinancingPdf } from "./financing-pdf.server";
import { staffFinancingPdf } from "./financing-staff.server";
import { financingApplicationSchema } from "./financing-schema";
import { FinancingDocumentError, submitFinancingApplication } from "./financing.server";
import { StorageUnavailableError } from "~/server/storage/file-store.server";

/** Two 10 MB licenses as base64 plus two signatures and the fields. */
const FINANCING_BODY_LIMIT = "30mb";
const MB = 1024 * 1024;
/** Financing bodies held in memory at once, across all clients (see inFlightBodyLimit). */
const FINANCING_IN_FLIGHT_BYTES = 256 * MB;
/** Per client, shared by POST /api/financing and the form posted to /financing without JavaScript. */
export const FINANCING_RATE_LIMIT = { limit: 120, windowMs: 15 * 60_000 };

/** One bound per process on the financing bodies in memory, for the /api route and the page form together. */
export const financingInFlightLimit = inFlightBodyLimit({
  maxBytes: FINANCING_IN_FLIGHT_BYTES,
  bodyLimitBytes: 30 * MB,
  unknownLengthBytes: 2 * MB,
  message: "The server is busy. Please try again in a moment.",
});
const NOT_FOUND = "Not found";

/** POST /api/financing and GET /api/financing/:id/pdf */
export function financingApi(ctx: AppContext): Router {
  const router = Router();

  router.post(
    "/financing",
    // Refused before the body is read: in the language of the page that sent it (its Referer).
    rateLimit({ ...FINANCING_RATE_LIMIT, message: (locale) => rateLimitMessagesFor(locale).financing }),
    financingInFlightLimit,
    jsonBody(FINANCING_BODY_LIMIT),
    async (req, res) => {
      // The page says which language it is in (`locale` in the body): field messages come back
      // in it, and the application is stored with it for the shopper's mail and PDF copy.
      const locale = localeFromBody(req.body);
      const input = parseOr400(
        res,
        financingApplicationSchema(messagesFor(locale)),
        req.body,
        messagesFor(locale).financing.validation.formError,
      );
      if (!input) return;
      try {
        const { id } = await submitFinancingApplication(ctx, input, new Date(), locale, leadSourceFromCookieHeader(req.headers.cookie));
        setPdfAccessCookie(res, req, ctx.secrets.cookieKey, id);
        // Only the id: nothing submitted is echoed back.
        res.status(201).json({ id });
      } catch (error) {
        if (error instanceof FinancingDocumentError) {
          res
            .status(400)
            .json({ error: messagesFor(locale).financing.validation.formError, fieldErrors: error.fieldErrors } satisfies ApiErrorBody);
          return;
        }
        if (error instanceof StorageUnavailableError) {
          // The documents could not be stored, so neither was the application (decision 123); the store logged why.
          res.setHeader("Retry-After", String(error.retryAfterSeconds));
          res.status(503).json({ error: messagesFor(locale).financing.toasts.submitFailedText } satisfies ApiErrorBody);
          return;
        }
        ctx.logger.error({ err: { message: (error as Error).message } }, "financing submission failed");
        sendError(res, 500, "Internal server error");
      }
    },
  );

  router.get("/financing/:id/pdf", async (req, res) => {
    const id = req.params.id;
    // Unknown, malformed and not-yours all answer the same 404, so ids cannot be probed.
    if (!uuidField().safeParse(id).success) return sendError(res, 404, NOT_FOUND);
    // The shopper's own copy (SSN masked) by its cookie; staff (docs/behaviour.md §11) get the
    // full SSN, audited. src/app identifies a staff session on this path (optionalStaffOf).
    const submitter = hasPdfAccess(req, ctx.secrets.cookieKey, id);
    // Only roles that may see financing applications (owner, finance).
    const signedIn = submitter ? null : optionalStaffOf(res);
    const staff = signedIn && canUseArea(signedIn.role, "financing") ? signedIn : null;
    if (!submitter && !staff) return sendError(res, 404, NOT_FOUND);
    const pdf = staff ? await staffFinancingPdf(ctx, staff, id) : await buildFinancingPdf(ctx, id, { inApplicantsLanguage: true });
    if (!pdf) return sendError(res, 404, NOT_FOUND);
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="financing-application-${id}.pdf"`);
    res.setHeader("Cache-Control", "no-store");
    res.send(Buffer.from(pdf.bytes));
  });

  return router;
}
