import { z } from "zod";
import { dummyPasswordCheck, hashPassword, needsRehash, verifyPassword } from "~/server/auth/password-hash.server";
import { passwordPolicyError } from "~/server/auth/password-policy.server";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from "~/server/auth/recovery-codes.server";
import { acceptTotpCode, newTotpSecret, totpQrSvg, totpUri } from "~/server/auth/totp.server";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import {
  claimTotpStep,
  findStaffAccount,
  findStaffAccountByEmail,
  type StaffAccountRow,
  updateStaffAccount,
  revokeDeviceCookiesOf,
} from "~/server/data/staff-accounts.server";
import { replaceRecoveryCodes, spendRecoveryCode } from "~/server/data/staff-recovery-codes.server";
import {
  deleteExpiredStaffSessions,
  deleteStaffSession,
  deleteStaffSessionsOf,
  insertStaffSession,
  liveStaffSession,
  type SessionLimits,
} from "~/server/data/staff-sessions.server";
import { decrypt, encrypt, safeEqual, sign } from "~/server/secrets.server";
import { businessProfile } from "~/shared/config/business-profile";
import type { StaffUser } from "~/shared/staff/staff-roles";
import {
  ACCOUNT_LIMIT,
  newDeviceToken,
  recordFailure,
  recordSuccess,
  reserveAttempt,
  throttleKeys,
  trustedDeviceOf,
  underReservation,
  type Reservation,
} from "./sign-in-throttle.server";
import { hashSecretLinkToken, newSecretLinkToken } from "~/server/secret-link.server";

/** 30 minutes idle (ADMIN_SESSION_IDLE_MS for tests), 12 hours absolute, 5 minutes between password and code. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

export const loginSchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address.").max(254, "Enter your e-mail address."),
  password: z.string().min(1, "Enter your password.").max(1024, "Enter your password."),
});
export const mfaSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, "Enter the 6-digit code from your app or a recovery code.")
    .max(40, "Enter the 6-digit code from your app or a recovery code."),
});
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(1024),
  newPassword: z.string().max(1024),
});

export const hashToken = hashSecretLinkToken;
const newToken = newSecretLinkToken;

export const toStaffUser = (row: StaffAccountRow): StaffUser => ({ id: row.id, email: row.email, name: row.name, role: row.role });

/** Audit entries name the account: its e-mail (readable) and id (stable). */
const audit = (ctx: AppContext, who: { id: string | null; email: string }, action: string, entityId = who.id ?? "") =>
  insertAuditEntry(ctx.db, { actor: who.email, accountId: who.id, action, entity: "staff_account", entityId });

// Pending sign-in (between password and code): a signed value, so a second process can check it.
function pendingToken(ctx: AppContext, accountId: string, expiresAt: number): string {
  const body = `${accountId}.${expiresAt}`;
  return `${body}.${sign(ctx.secrets.cookieKey, `staff-pending|${body}`)}`;
}
function readPendingToken(ctx: AppContext, token: string | null, now: number): string | null {
  if (!token || token.length > 200) return null;
  const [accountId, expires, signature] = token.split(".");
  if (!accountId || !expires || !signature || !/^\d{1,15}$/.test(expires)) return null;
  if (!safeEqual(signature, sign(ctx.secrets.cookieKey, `staff-pending|${accountId}.${expires}`))) return null;
  return Number(expires) > now ? accountId : null;
}

type Throttled = { kind: "throttled"; retryAfterMs: number };

/** A failed check: "invalid", or "throttled" when this failure used up a key's allowance. */
async function failed(
  ctx: AppContext,
  reservation: Extract<Reservation, { kind: "reserved" }>,
  now: number,
): Promise<{ kind: "invalid" } | Throttled> {
  const retryAfterMs = await recordFailure(ctx, reservation, now);
  return retryAfterMs > 0 ? { kind: "throttled", retryAfterMs } : { kind: "invalid" };
}

export type PasswordStepResult =
  | { kind: "enroll"; pendingToken: string; otpauthUri: string; secret: string; qrSvg: string }
  | { kind: "code"; pendingToken: string }
  | { kind: "invalid" }
  | Throttled;

/** Who is asking: the client's address and the device cookie the browser sent, if any. */
export type SignInClient = { ip: string; deviceToken: string | null };

/**
 * Step 1: e-mail and password. An unknown e-mail, a wrong password, an account without a
 * password yet and a disabled account all give the same "invalid" after the same scrypt work.
 */
export async function checkPassword(
  ctx: AppContext,
  input: z.infer<typeof loginSchema>,
  client: SignInClient,
  now = Date.now(),
): Promise<PasswordStepResult> {
  const account = await findStaffAccountByEmail(ctx.db, input.email);
  const reservation = await reserveAttempt(
    ctx,
    throttleKeys(input.email, client.ip, trustedDeviceOf(ctx, client.deviceToken, account)),
    now,
  );
  if (reservation.kind === "throttled") return reservation;

  const ok = await underReservation(ctx, reservation, async () => {
    if (account?.passwordHash) return verifyPassword(input.password, account.passwordHash);
    await dummyPasswordCheck(input.password, ctx.env.passwordHashParams);
    return false;
  });
  if (!account || !ok || account.disabled) {
    const email = input.email.trim().toLowerCase();
    await audit(
      ctx,
      { id: account?.id ?? null, email: z.email().safeParse(email).success ? email : "(not an e-mail address)" },
      "sign-in-failed",
    );
    return failed(ctx, reservation, now);
  }
  // The password alone forgives nothing: the failures stay until the code step completes the sign-in.
  await recordSuccess(ctx, reservation);
  if (needsRehash(account.passwordHash!, ctx.env.passwordHashParams))
    await updateStaffAccount(ctx.db, account.id, { passwordHash: await hashPassword(input.password, ctx.env.passwordHashParams) });

  const pending = pendingToken(ctx, account.id, now + PENDING_SIGN_IN_MS);
  if (account.totpEnrolledAt && account.totpSecretEnc) return { kind: "code", pendingToken: pending };
  // First sign-in (or after a reset): propose a new secret; it counts once a code from it is accepted.
  const secret = newTotpSecret();
  await updateStaffAccount(ctx.db, account.id, { totpSecretEnc: encrypt(ctx.secrets.encryptionKey, secret), totpLastStep: null });
  const otpauthUri = totpUri(secret, businessProfile.name, account.email);
  return { kind: "enroll", pendingToken: pending, otpauthUri, secret, qrSvg: totpQrSvg(otpauthUri) };
}

export type CodeStepResult =
  | { kind: "signed-in"; sessionToken: string; deviceToken: string; user: StaffUser; recoveryCodes?: string[] }
  | { kind: "expired" }
  | { kind: "invalid" }
  | Throttled;

/** Step 2: a TOTP code (or, once enrolled, a recovery code) completes sign-in with a new session. */
export async function checkCode(
  ctx: AppContext,
  pending: string | null,
  code: string,
  client: SignInClient,
  now = Date.now(),
): Promise<CodeStepResult> {
  const accountId = readPendingToken(ctx, pending, now);
  const account = accountId ? await findStaffAccount(ctx.db, accountId) : null;
  if (!account || account.disabled || !account.passwordHash || !account.totpSecretEnc) return { kind: "expired" };
  const trustedDevice = trustedDeviceOf(ctx, client.deviceToken, account);
  const reservation = await reserveAttempt(ctx, throttleKeys(account.email, client.ip, trustedDevice), now);
  if (reservation.kind === "throttled") return reservation;

  const enrolling = account.totpEnrolledAt === null;
  let accepted = false;
  let usedRecoveryCode = false;
  if (!enrolling && looksLikeRecoveryCode(code)) {
    accepted = usedRecoveryCode = await spendRecoveryCode(ctx.db, account.id, hashRecoveryCode(code), new Date(now));
  } else {
    const secret = decrypt(ctx.secrets.encryptionKey, account.totpSecretEnc).toString("utf8");
    const step = acceptTotpCode(secret, code, account.totpLastStep, now);
    accepted = step !== null && (await claimTotpStep(ctx.db, account.id, step));
  }
  if (!accepted) {
    await audit(ctx, account, enrolling ? "mfa-enroll-failed" : "mfa-failed");
    return failed(ctx, reservation, now);
  }
  await recordSuccess(ctx, reservation, { forgive: true });

  let recoveryCodes: string[] | undefined;
  if (enrolling) {
    recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(ctx.db, account.id, recoveryCodes.map(hashRecoveryCode), new Date(now));
    await updateStaffAccount(ctx.db, account.id, { totpEnrolledAt: new Date(now).toISOString() }, new Date(now));
    await audit(ctx, account, "mfa-enrolled");
  }
  if (usedRecoveryCode) await audit(ctx, account, "recovery-code-used");

  const sessionToken = newToken();
  await deleteExpiredStaffSessions(ctx.db, sessionLimits(ctx, now));
  await insertStaffSession(ctx.db, hashToken(sessionToken), account.id, new Date(now));
  await audit(ctx, account, "sign-in");
  // A device already trusted keeps its cookie (and its own failure count); a new one becomes trusted.
  const deviceToken = trustedDevice ? client.deviceToken! : newDeviceToken(ctx, account);
  return { kind: "signed-in", sessionToken, deviceToken, user: toStaffUser(account), recoveryCodes };
}

/**
 * The enrolment a pending sign-in is part of (its QR code and key again), or null once the account has
 * enrolled or the pending sign-in expired: the sign-in page shows them again after a wrong first code.
 */
export async function pendingEnrolment(
  ctx: AppContext,
  pending: string | null,
  now = Date.now(),
): Promise<{ secret: string; qrSvg: string } | null> {
  const accountId = readPendingToken(ctx, pending, now);
  const account = accountId ? await findStaffAccount(ctx.db, accountId) : null;
  if (!account || account.disabled || account.totpEnrolledAt || !account.totpSecretEnc) return null;
  const secret = decrypt(ctx.secrets.encryptionKey, account.totpSecretEnc).toString("utf8");
  return { secret, qrSvg: totpQrSvg(totpUri(secret, businessProfile.name, account.email)) };
}

export function sessionLimits(ctx: AppContext, now = Date.now()): SessionLimits {
  const idle = ctx.env.adminSessionIdleMs;
  return {
    idleSince: new Date(now - idle),
    createdSince: new Date(now - SESSION_ABSOLUTE_MS),
    // A session is marked seen at most once a minute (a thirtieth of a shorter idle limit): a staff page no
    // longer waits on a write (and its commit) each time, and the idle limit ends a session at most that much
    // sooner than to the second (decision 131).
    touchBefore: new Date(now - Math.min(60_000, idle / 30)),
  };
}

/**
 * The person behind a session token, or null: unknown, past either limit, or the account
 * was disabled (its sessions end at once). Counts as activity unless `background`.
 */
export async function staffForSession(ctx: AppContext, token: string | null, { background = false } = {}): Promise<StaffUser | null> {
  if (!token || token.length > 100) return null;
  const idHash = hashToken(token);
  const accountId = await liveStaffSession(ctx.db, idHash, sessionLimits(ctx), { touch: !background });
  if (!accountId) return null;
  const account = await findStaffAccount(ctx.db, accountId);
  if (!account || account.disabled) {
    await deleteStaffSessionsOf(ctx.db, accountId);
    return null;
  }
  return toStaffUser(account);
}

export async function signOut(ctx: AppContext, token: string | null, staff: StaffUser | null): Promise<void> {
  if (token) await deleteStaffSession(ctx.db, hashToken(token));
  if (staff) await audit(ctx, staff, "sign-out");
}

/**
 * Ends every way back in that an account has without its password and code: its sessions, and the
 * trust of every browser it signed in from (its device cookies). Sign-out-everywhere, a password
 * change or set and a second-factor reset call it.
 */
export async function endSignInsOf(ctx: AppContext, accountId: string): Promise<number> {
  const ended = await deleteStaffSessionsOf(ctx.db, accountId);
  await revokeDeviceCookiesOf(ctx.db, accountId);
  return ended;
}

export async function signOutEverywhere(ctx: AppContext, staff: StaffUser): Promise<number> {
  const ended = await endSignInsOf(ctx, staff.id);
  await audit(ctx, staff, "sign-out-everywhere");
  return ended;
}

export type PasswordChangeResult =
  { kind: "changed" } | { kind: "wrong-password" } | { kind: "same-password" } | { kind: "weak"; message: string } | Throttled;

/**
 * Changes the signed-in person's own password; every session of theirs ends (they sign in again).
 * The current-password check is limited like sign-in (5 in 15 minutes per account, reserved first):
 * a stolen session must not become an unlimited password oracle.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  staff: StaffUser,
  input: z.infer<typeof passwordChangeSchema>,
  now = Date.now(),
): Promise<PasswordChangeResult> {
  const account = await findStaffAccount(ctx.db, staff.id);
  if (!account?.passwordHash) return { kind: "wrong-password" };
  const reservation = await reserveAttempt(ctx, [{ key: `password-change:${account.id}`, limit: ACCOUNT_LIMIT }], now);
  if (reservation.kind === "throttled") return reservation;
  const passwordHash = account.passwordHash;
  if (!(await underReservation(ctx, reservation, () => verifyPassword(input.currentPassword, passwordHash)))) {
    const result = await failed(ctx, reservation, now);
    return result.kind === "throttled" ? result : { kind: "wrong-password" };
  }
  await recordSuccess(ctx, reservation, { forgive: true });
  // Compared as the hash sees them (NFKC), so a differently composed "é" is still the same password.
  if (input.newPassword.normalize("NFKC") === input.currentPassword.normalize("NFKC")) return { kind: "same-password" };
  const weak = passwordPolicyError(input.newPassword, account.email);
  if (weak) return { kind: "weak", message: weak };
  await updateStaffAccount(ctx.db, account.id, { passwordHash: await hashPassword(input.newPassword, ctx.env.passwordHashParams) });
  await endSignInsOf(ctx, account.id);
  await audit(ctx, account, "password-changed");
  return { kind: "changed" };
}
