import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "~/server/context.server";
import {
  deleteAdminSession,
  deleteIdleAdminSessions,
  insertAdminSession,
  isAdminSessionLive,
  touchAdminSession,
} from "~/server/data/admin-sessions.server";
import { readCookie } from "~/server/http/cookies.server";
import { safeEqual } from "~/server/secrets.server";

export const SESSION_COOKIE = "admin_session";
export const MAX_WRONG_PINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A short, non-reversible reference to a session for the audit log. */
export function actorOf(idHash: string): string {
  return `staff-${idHash.slice(0, 10)}`;
}

function sessionCookie(req: Request, value: string, expire = false): string {
  // No Max-Age/Expires: the cookie ends with the browser session (spec "not persisted").
  const parts = [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Strict"];
  if (req.secure) parts.push("Secure");
  if (expire) parts.push("Max-Age=0");
  return parts.join("; ");
}

/** Wrong-PIN counting per client: 5 misses lock sign-in for 15 minutes. */
export function createLoginThrottle(now: () => number = Date.now) {
  const misses = new Map<string, { count: number; lockedUntil: number; firstAt: number }>();
  return {
    /** Milliseconds left on a lockout, or 0. */
    lockedFor(client: string): number {
      const entry = misses.get(client);
      if (!entry) return 0;
      if (entry.lockedUntil > now()) return entry.lockedUntil - now();
      if (entry.lockedUntil || now() - entry.firstAt > LOCKOUT_MS) misses.delete(client);
      return 0;
    },
    recordMiss(client: string): void {
      const entry = misses.get(client) ?? { count: 0, lockedUntil: 0, firstAt: now() };
      entry.count += 1;
      if (entry.count >= MAX_WRONG_PINS) entry.lockedUntil = now() + LOCKOUT_MS;
      misses.set(client, entry);
      if (misses.size > 10_000) for (const [k, e] of misses) if (e.lockedUntil < now() && now() - e.firstAt > LOCKOUT_MS) misses.delete(k);
    },
    reset(client: string): void {
      misses.delete(client);
    },
  };
}

export type AdminLocals = { adminActor: string };

/** Sign-in, sign-out and the guard for every /api/admin/* call (DESIGN.md difference 1). */
export function createAdminAuth(ctx: AppContext) {
  // 30 minutes unless ADMIN_SESSION_IDLE_MS says otherwise (tests shorten it).
  const idleMs = ctx.env.adminSessionIdleMs;
  const throttle = createLoginThrottle();

  return {
    idleMs,
    /** Checks the PIN in constant time; on success replaces any old session with a new id. */
    async login(req: Request, res: Response, pin: string): Promise<"ok" | "wrong" | { lockedMs: number }> {
      const client = req.ip ?? "unknown";
      const lockedMs = throttle.lockedFor(client);
      if (lockedMs > 0) return { lockedMs };
      const ok = ctx.env.adminPin.length > 0 && safeEqual(pin, ctx.env.adminPin);
      if (!ok) {
        throttle.recordMiss(client);
        const after = throttle.lockedFor(client);
        return after > 0 ? { lockedMs: after } : "wrong";
      }
      throttle.reset(client);
      const old = readCookie(req, SESSION_COOKIE);
      if (old) await deleteAdminSession(ctx.db, hashToken(old));
      await deleteIdleAdminSessions(ctx.db, new Date(Date.now() - idleMs));
      const token = crypto.randomBytes(32).toString("base64url");
      await insertAdminSession(ctx.db, hashToken(token));
      res.setHeader("Set-Cookie", sessionCookie(req, token));
      return "ok";
    },
    async logout(req: Request, res: Response): Promise<void> {
      const token = readCookie(req, SESSION_COOKIE);
      if (token) await deleteAdminSession(ctx.db, hashToken(token));
      res.setHeader("Set-Cookie", sessionCookie(req, "", true));
    },
    /**
     * The session's hash when the request carries a live session. It counts as activity
     * unless `background` (automatic polling must not keep an unattended dashboard open).
     */
    async current(req: Request, { background = false } = {}): Promise<string | null> {
      const token = readCookie(req, SESSION_COOKIE);
      if (!token || token.length > 100) return null;
      const idHash = hashToken(token);
      const idleSince = new Date(Date.now() - idleMs);
      const live = background ? await isAdminSessionLive(ctx.db, idHash, idleSince) : await touchAdminSession(ctx.db, idHash, idleSince);
      return live ? idHash : null;
    },
  };
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses cross-site state-changing requests: the browser's Sec-Fetch-Site must say
 * same-origin, or (older browsers) Origin must equal this server's origin.
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = req.get("origin");
  if (!origin) return false;
  return origin === `${req.protocol}://${req.get("host")}`;
}

export function sameOriginGuard(req: Request, res: Response, next: NextFunction): void {
  if (STATE_CHANGING.has(req.method) && !isSameOrigin(req)) {
    res.status(403).json({ error: "Cross-site request refused" });
    return;
  }
  next();
}
