import { Router, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { AppContext } from "~/server/context.server";
import { roleMayCall, routeAccess } from "~/server/auth/route-access.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { setStaff, staffOf } from "~/server/http/staff-request.server";
import { uuidField } from "~/shared/validation/fields";
import { auditPage, auditQuerySchema } from "./staff-audit.server";
import { DEVICE_COOKIE_MAX_AGE_MS } from "./sign-in-throttle.server";
import {
  readStaffCookie,
  sameOriginGuard,
  setStaffCookie,
  clearStaffCookie,
  DEVICE_COOKIE,
  PENDING_COOKIE,
  SESSION_COOKIE,
} from "./staff-cookies.server";
import {
  changeStaff,
  createStaff,
  listStaff,
  newStaffSchema,
  ownStaffAccount,
  ownStaffChangeSchema,
  resetSecondFactor,
  setOwnAway,
  setPasswordWithLink,
  setupSchema,
  staffChangeSchema,
} from "./staff-management.server";
import {
  changeOwnPassword,
  checkCode,
  checkPassword,
  loginSchema,
  mfaSchema,
  passwordChangeSchema,
  PENDING_SIGN_IN_MS,
  signOut,
  signOutEverywhere,
  staffForSession,
  type SignInClient,
} from "./staff-sign-in.server";

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const INVALID_CODE = "Invalid code. Please try again.";
export const SIGN_IN_EXPIRED = "Your sign-in has expired. Enter your e-mail and password again.";
export const LOCKED_OUT = "Too many failed attempts. Sign-in is locked for 15 minutes.";

/**
 * Polled automatically (the Visitor Reports tab every 30 s, the mail banner above every tab every
 * minute): these do not count as staff activity for the idle timeout, or an unattended dashboard would never lock.
 */
const BACKGROUND_POLLS = new Set(["GET /admin/active-visitors", "GET /admin/mail-status"]);

const clientOf = (req: Request): SignInClient => ({ ip: req.ip ?? "unknown", deviceToken: readStaffCookie(req, DEVICE_COOKIE) });

export const LOCKED_OUT_PASSWORD_CHANGE = "Too many wrong current passwords. Try again in 15 minutes.";

function sendThrottled(res: Response, retryAfterMs: number, message = LOCKED_OUT) {
  res.setHeader("Retry-After", String(Math.ceil(retryAfterMs / 1000)));
  sendError(res, 429, message);
}

/**
 * The staff guard for every /api/admin/* request: same-origin for state changes,
 * then the route's entry in the one route-to-roles table (src/server/auth/route-access.server.ts):
 * public routes pass, the others need a live session (401) of a role the table lists (403).
 * `identify` records a signed-in person on a path outside /admin without refusing anyone.
 */
export function staffAccess(ctx: AppContext) {
  const guard = Router();
  guard.use("/admin", sameOriginGuard, async (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    const path = `/admin${req.path}`;
    const access = routeAccess(req.method, path);
    if (access === "public") return next();
    const staff = await staffForSession(ctx, readStaffCookie(req, SESSION_COOKIE), {
      background: BACKGROUND_POLLS.has(`${req.method} ${path}`),
    });
    if (!staff) return sendError(res, 401, "Sign-in required");
    if (!roleMayCall(staff.role, access)) return sendError(res, 403, "Your role does not allow this.");
    setStaff(res, { ...staff, actor: staff.email });
    next();
  });
  const identify: RequestHandler = async (req, res, next) => {
    const staff = await staffForSession(ctx, readStaffCookie(req, SESSION_COOKIE));
    if (staff) setStaff(res, { ...staff, actor: staff.email });
    next();
  };
  return { guard, identify };
}

export type StaffAccess = ReturnType<typeof staffAccess>;

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** Sign-in, sign-out, own password, staff management and the audit trail. Mount after the guard. */
export function staffAccountsApi(ctx: AppContext): Router {
  const router = Router();

  router.post("/admin/login", jsonBody(), async (req, res) => {
    const input = parseOr400(res, loginSchema, req.body);
    if (!input) return;
    const result = await checkPassword(ctx, input, clientOf(req));
    if (result.kind === "throttled") return sendThrottled(res, result.retryAfterMs);
    if (result.kind === "invalid") return sendError(res, 401, INVALID_CREDENTIALS);
    setStaffCookie(req, res, PENDING_COOKIE, result.pendingToken, PENDING_SIGN_IN_MS);
    if (result.kind === "code") return void res.json({ next: "code" });
    res.json({ next: "enroll", otpauthUri: result.otpauthUri, secret: result.secret, qrSvg: result.qrSvg });
  });

  router.post("/admin/mfa", jsonBody(), async (req, res) => {
    const input = parseOr400(res, mfaSchema, req.body);
    if (!input) return;
    const result = await checkCode(ctx, readStaffCookie(req, PENDING_COOKIE), input.code, clientOf(req));
    if (result.kind === "throttled") return sendThrottled(res, result.retryAfterMs);
    if (result.kind === "expired") return sendError(res, 401, SIGN_IN_EXPIRED);
    if (result.kind === "invalid") return sendError(res, 401, INVALID_CODE);
    // A new session id at every sign-in; the old session (if any) ends.
    const old = readStaffCookie(req, SESSION_COOKIE);
    if (old) await signOut(ctx, old, null);
    clearStaffCookie(req, res, PENDING_COOKIE);
    setStaffCookie(req, res, SESSION_COOKIE, result.sessionToken);
    setStaffCookie(req, res, DEVICE_COOKIE, result.deviceToken, DEVICE_COOKIE_MAX_AGE_MS);
    const { id: _id, ...user } = result.user;
    res.json(result.recoveryCodes ? { user, recoveryCodes: result.recoveryCodes } : { user });
  });

  router.get("/admin/session", async (req, res) => {
    const staff = await staffForSession(ctx, readStaffCookie(req, SESSION_COOKIE));
    if (!staff) return sendError(res, 401, "Sign-in required");
    res.json({ user: { email: staff.email, name: staff.name, role: staff.role }, idleTimeoutMs: ctx.env.adminSessionIdleMs });
  });

  router.post("/admin/logout", async (req, res) => {
    const token = readStaffCookie(req, SESSION_COOKIE);
    await signOut(ctx, token, await staffForSession(ctx, token));
    clearStaffCookie(req, res, SESSION_COOKIE);
    res.json({ ok: true });
  });

  router.post("/admin/logout-everywhere", async (req, res) => {
    const ended = await signOutEverywhere(ctx, staffOf(res));
    clearStaffCookie(req, res, SESSION_COOKIE);
    res.json({ ok: true, sessionsEnded: ended });
  });

  router.post("/admin/password", jsonBody(), async (req, res) => {
    const input = parseOr400(res, passwordChangeSchema, req.body);
    if (!input) return;
    const result = await changeOwnPassword(ctx, staffOf(res), input);
    if (result.kind === "throttled") return sendThrottled(res, result.retryAfterMs, LOCKED_OUT_PASSWORD_CHANGE);
    if (result.kind === "same-password")
      return void res.status(400).json({
        error: "Please correct the highlighted fields.",
        fieldErrors: { newPassword: "Choose a new password that differs from your current one." },
      });
    if (result.kind === "wrong-password")
      return void res
        .status(400)
        .json({ error: "Please correct the highlighted fields.", fieldErrors: { currentPassword: "The current password is not right." } });
    if (result.kind === "weak")
      return void res.status(400).json({ error: "Please correct the highlighted fields.", fieldErrors: { newPassword: result.message } });
    clearStaffCookie(req, res, SESSION_COOKIE);
    res.json({ ok: true });
  });

  router.post("/admin/setup", jsonBody(), async (req, res) => {
    const input = parseOr400(res, setupSchema, req.body);
    if (!input) return;
    const result = await setPasswordWithLink(ctx, input);
    if (result.kind === "invalid-link")
      return sendError(res, 410, "This setup link has expired or was already used. Ask an owner for a new one.");
    if (result.kind === "weak")
      return void res.status(400).json({ error: "Please correct the highlighted fields.", fieldErrors: { password: result.message } });
    res.json({ ok: true, email: result.email });
  });

  router.get("/admin/staff", async (_req, res) => {
    res.json(await listStaff(ctx));
  });
  router.post("/admin/staff", jsonBody(), async (req, res) => {
    const input = parseOr400(res, newStaffSchema, req.body);
    if (!input) return;
    const result = await createStaff(ctx, staffOf(res), input);
    if (result.kind === "email-taken")
      return void res.status(409).json({
        error: "An account with this e-mail already exists.",
        fieldErrors: { email: "An account with this e-mail already exists." },
      });
    res.status(201).json({ id: result.id, setupUrl: result.setupUrl });
  });
  // Before /admin/staff/:id, which would take "me" for an id.
  router.get("/admin/staff/me", async (_req, res) => {
    const account = await ownStaffAccount(ctx, staffOf(res));
    if (!account) return sendError(res, 404, "Not found");
    res.json(account);
  });
  router.patch("/admin/staff/me", jsonBody(), async (req, res) => {
    const input = parseOr400(res, ownStaffChangeSchema, req.body);
    if (!input) return;
    const account = await setOwnAway(ctx, staffOf(res), input.away);
    if (!account) return sendError(res, 404, "Not found");
    res.json(account);
  });
  router.patch("/admin/staff/:id", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, staffChangeSchema, req.body);
    if (!input) return;
    const result = await changeStaff(ctx, staffOf(res), id, input);
    if (result.kind === "not-found") return sendError(res, 404, "Not found");
    if (result.kind === "last-owner") return sendError(res, 409, "The last active owner cannot be disabled or demoted.");
    res.json(result.account);
  });
  router.post("/admin/staff/:id/reset-mfa", async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id) || !(await resetSecondFactor(ctx, staffOf(res), id))) return sendError(res, 404, "Not found");
    res.json({ ok: true });
  });

  router.get("/admin/audit", async (req, res) => {
    const query = auditQuerySchema.safeParse(req.query);
    if (!query.success) return sendError(res, 400, "Invalid audit filter.");
    res.json(await auditPage(ctx, query.data));
  });
  return router;
}
