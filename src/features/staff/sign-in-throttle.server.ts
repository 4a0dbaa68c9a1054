import crypto from "node:crypto";
import net from "node:net";
import type { AppContext } from "~/server/context.server";
import {
  clearSignInFailures,
  deleteSignInFailuresBefore,
  releaseSignInAttempt,
  reserveSignInAttempt,
  signInAttemptsSince,
  type AttemptLimit,
} from "~/server/data/staff-sign-in-failures.server";
import { safeEqual, sign } from "~/server/secrets.server";
import { countSignIn } from "~/server/metrics/metrics.server";

/**
 * How many failed attempts each key allows within WINDOW_MS. An account (or a
 * trusted device of it) allows 5; a client address allows 30, because a dealership's staff usually
 * share one public address and six colleagues mistyping once must still get in.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_LIMIT = 5;
export const CLIENT_LIMIT = 30;

export type Reservation = { kind: "reserved"; ids: number[]; keys: AttemptLimit[] } | { kind: "throttled"; retryAfterMs: number };

/**
 * The address a client is counted by: IPv4 as it is, IPv6 by its /64 (one subscriber usually holds a
 * whole /64, so counting single addresses would let one attacker rotate through billions).
 */
export function clientKeyOf(ip: string): string {
  const address = ip.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  const [head = "", tail] = address.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":").flatMap((part) => (part.includes(".") ? ["0", "0"] : [part])) : [];
  const groups = [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill("0"), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The keys an attempt counts against. A browser that signed in to this account before carries a
 * signed device cookie (OWASP's device-cookie pattern): its failures count against that device alone,
 * so a stranger who knows the owner's e-mail locks out strangers, never the owner's own laptop.
 */
export function throttleKeys(email: string, client: string, trustedDevice: string | null): AttemptLimit[] {
  if (trustedDevice) return [{ key: `device:${trustedDevice}`, limit: ACCOUNT_LIMIT }];
  return [
    { key: `email:${email.trim().toLowerCase()}`, limit: ACCOUNT_LIMIT },
    { key: `client:${clientKeyOf(client)}`, limit: CLIENT_LIMIT },
  ];
}

/** Milliseconds until `times` (newest first) holds fewer than `limit` attempts within the window, or 0. */
function waitFor(times: string[], limit: number, now: number): number {
  if (times.length < limit) return 0;
  return Math.max(1000, Date.parse(times[limit - 1]!) + WINDOW_MS - now);
}

/**
 * Reserve, then check: the attempt's row is written before its password or code is
 * checked, in one transaction that counts the window under a lock on each key, so however many
 * attempts arrive at once, on however many processes, at most `limit` of them reach the check.
 */
export async function reserveAttempt(ctx: AppContext, keys: AttemptLimit[], now: number): Promise<Reservation> {
  const result = await reserveSignInAttempt(ctx.db, keys, new Date(now), new Date(now - WINDOW_MS));
  if (!result.reserved) {
    countSignIn("refused");
    return { kind: "throttled", retryAfterMs: waitFor(result.times, result.limit, now) };
  }
  return { kind: "reserved", ids: result.ids, keys };
}

/** The check failed: the reservation stays as the failure. Says how long the keys are now locked (0: not). */
export async function recordFailure(
  ctx: AppContext,
  reservation: Extract<Reservation, { kind: "reserved" }>,
  now: number,
): Promise<number> {
  await deleteSignInFailuresBefore(ctx.db, new Date(now - 2 * WINDOW_MS));
  let retryAfterMs = 0;
  for (const { key, limit } of reservation.keys) {
    const times = await signInAttemptsSince(ctx.db, key, new Date(now - WINDOW_MS));
    retryAfterMs = Math.max(retryAfterMs, waitFor(times, limit, now));
  }
  countSignIn("failure");
  if (retryAfterMs > 0) countSignIn("lockout");
  return retryAfterMs;
}

/** The check passed: the attempt is not a failure. With `forgive`, the account's (or device's) earlier failures go too. */
export async function recordSuccess(
  ctx: AppContext,
  reservation: Extract<Reservation, { kind: "reserved" }>,
  { forgive = false } = {},
): Promise<void> {
  await releaseSignInAttempt(ctx.db, reservation.ids);
  // The first key is the account's or the device's; the client's count is left alone.
  if (forgive) await clearSignInFailures(ctx.db, reservation.keys[0]!.key);
}

/** Runs `check` under a reservation; a thrown error (e.g. hashing busy) is no failure and frees it. */
export async function underReservation<T>(
  ctx: AppContext,
  reservation: Extract<Reservation, { kind: "reserved" }>,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    await releaseSignInAttempt(ctx.db, reservation.ids);
    throw error;
  }
}

/**
 * The device cookie: "<account id>.<device generation>.<nonce>.<signature>", issued at a completed
 * sign-in. The generation is the account's when it was issued: "sign out everywhere", a password change
 * or set and a second-factor reset move the account's on, and every cookie issued before is then a
 * stranger's (decision 088; the cookie was stateless and could not be revoked, review I-1).
 */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

type DeviceAccount = { id: string; deviceGeneration: number };

export function newDeviceToken(ctx: AppContext, account: DeviceAccount): string {
  const body = `${account.id}.${account.deviceGeneration}.${crypto.randomBytes(16).toString("base64url")}`;
  return `${body}.${sign(ctx.secrets.cookieKey, `staff-device|${body}`)}`;
}

/** The device's nonce when the cookie is genuine, issued to this account and not revoked since; otherwise null (a stranger). */
export function trustedDeviceOf(ctx: AppContext, token: string | null, account: DeviceAccount | null | undefined): string | null {
  if (!token || !account || token.length > 200) return null;
  const [id, generation, nonce, signature, ...rest] = token.split(".");
  if (!id || !generation || !nonce || !signature || rest.length || id !== account.id || generation !== String(account.deviceGeneration))
    return null;
  return safeEqual(signature, sign(ctx.secrets.cookieKey, `staff-device|${id}.${generation}.${nonce}`)) ? nonce : null;
}
