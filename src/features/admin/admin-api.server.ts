import { Router, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { listAuditEntries } from "~/server/data/audit-log.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { setStaff } from "~/server/http/staff-request.server";
import { actorOf, createAdminAuth, sameOriginGuard } from "./admin-session.server";

/** Routes reachable without a session. Everything else under /admin needs one. */
export const PUBLIC_ADMIN_ROUTES = new Set(["POST /admin/login", "GET /admin/session"]);

/**
 * Polled automatically (the Visitor Reports tab, every 30 s): these do not count as staff
 * activity for the idle timeout, or an unattended dashboard would never lock.
 */
const BACKGROUND_POLLS = new Set(["GET /admin/active-visitors"]);

/** POST /api/admin/login */
export const loginSchema = z.object({ pin: z.string().max(64) });

export type StaffAccess = ReturnType<typeof staffAccess>;

/**
 * The staff guard (DESIGN.md difference 1). src/app mounts `guard` before every feature's
 * staff router: it refuses cross-site state changes, answers 401 without a live session
 * (except the public pair) and records the signed-in person for staffOf(). `identify` does
 * the same for a path outside /admin that staff may also use, without refusing anyone.
 */
export function staffAccess(ctx: AppContext) {
  const auth = createAdminAuth(ctx);
  const guard = Router();
  guard.use("/admin", sameOriginGuard, async (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    const route = `${req.method} /admin${req.path}`;
    if (PUBLIC_ADMIN_ROUTES.has(route)) return next();
    const session = await auth.current(req, { background: BACKGROUND_POLLS.has(route) });
    if (!session) return sendError(res, 401, "Sign-in required");
    setStaff(res, { actor: actorOf(session) });
    next();
  });
  const identify: RequestHandler = async (req, res, next) => {
    const session = await auth.current(req);
    if (session) setStaff(res, { actor: actorOf(session) });
    next();
  };
  return { auth, guard, identify };
}

/** The shell's own routes: sign-in, sign-out, session state and the audit log. Mount after `guard`. */
export function adminShellApi(access: StaffAccess, ctx: AppContext): Router {
  const router = Router();
  const { auth } = access;

  router.post("/admin/login", jsonBody(), async (req, res) => {
    const input = parseOr400(res, loginSchema, req.body);
    if (!input) return;
    const outcome = await auth.login(req, res, input.pin);
    if (outcome === "ok") return void res.json({ ok: true });
    if (outcome === "wrong") return sendError(res, 401, "Invalid PIN. Please try again.");
    res.setHeader("Retry-After", String(Math.ceil(outcome.lockedMs / 1000)));
    sendError(res, 429, "Too many wrong PINs. Sign-in is locked for 15 minutes.");
  });
  router.post("/admin/logout", async (req, res) => {
    await auth.logout(req, res);
    res.json({ ok: true });
  });
  router.get("/admin/session", async (req, res) => {
    const session = await auth.current(req);
    res.json({ authenticated: Boolean(session), idleTimeoutMs: auth.idleMs });
  });

  // The Settings tab's audit log (DESIGN.md difference 3).
  router.get("/admin/audit-log", async (_req, res) => {
    res.json(await listAuditEntries(ctx.db, 100));
  });
  return router;
}

/** Unknown admin paths still answer JSON; mounted last, after the guard, so they are 401 without a session. */
export function adminNotFound(): Router {
  const router = Router();
  router.all("/admin/{*rest}", (_req, res) => sendError(res, 404, "Not found"));
  return router;
}
