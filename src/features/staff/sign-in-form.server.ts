import { PasswordHashingBusyError } from "~/server/auth/password-hash.server";
import type { AppContext } from "~/server/context.server";
import { readRequestCookie } from "~/server/http/cookies.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffReturnPath } from "~/shared/staff/staff-screens";
import { DEVICE_COOKIE_MAX_AGE_MS } from "./sign-in-throttle.server";
import { clearStaffSetCookie, DEVICE_COOKIE, PENDING_COOKIE, SESSION_COOKIE, staffSetCookie } from "./staff-cookies.server";
import {
  checkCode,
  checkPassword,
  loginSchema,
  mfaSchema,
  pendingEnrolment,
  PENDING_SIGN_IN_MS,
  signOut,
  type SignInClient,
} from "./staff-sign-in.server";

/** An e-mail, a password or a code, and where to go next: a few hundred bytes. */
export const SIGN_IN_FORM_MAX_BYTES = 8 * 1024;

/**
 * What the sign-in page shows after a post: the step to show next with its message, or a redirect once
 * signed in. The same steps as POST /api/admin/login and /api/admin/mfa, through the same functions
 * and throttle (docs/behaviour.md §6), as plain form posts, so sign-in works without JavaScript.
 */
export type SignInStep =
  | { step: "password"; error?: string; email?: string }
  | { step: "code"; error?: string }
  | { step: "enroll"; qrSvg: string; secret: string; error?: string }
  | { step: "recovery"; codes: string[]; next: string };

export type SignInAnswer = { status: number; cookies: string[] } & ({ step: SignInStep } | { redirectTo: string });

const m = () => staffMessagesFor().staff.signIn;

/** The sign-in page's action: `intent` password, code or start-over. */
export async function signInFormPost(ctx: AppContext, request: Request, ip: string): Promise<SignInAnswer> {
  const form = await readStaffForm(request, SIGN_IN_FORM_MAX_BYTES);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const next = staffReturnPath(text("redirectTo"));
  const client: SignInClient = { ip, deviceToken: readRequestCookie(request, DEVICE_COOKIE) };
  const pending = readRequestCookie(request, PENDING_COOKIE);
  const refused = (status: number, step: SignInStep, cookies: string[] = []): SignInAnswer => ({ status, step, cookies });
  try {
    switch (text("intent")) {
      case "password": {
        const input = loginSchema.safeParse({ email: text("email"), password: text("password") });
        if (!input.success) return refused(400, { step: "password", error: m().invalid, email: text("email").slice(0, 254) });
        const result = await checkPassword(ctx, input.data, client);
        if (result.kind === "throttled") return refused(429, { step: "password", error: m().locked, email: input.data.email });
        if (result.kind === "invalid") return refused(401, { step: "password", error: m().invalid, email: input.data.email });
        const cookie = staffSetCookie(request, PENDING_COOKIE, result.pendingToken, PENDING_SIGN_IN_MS);
        const step: SignInStep = result.kind === "code" ? { step: "code" } : { step: "enroll", qrSvg: result.qrSvg, secret: result.secret };
        return { status: 200, step, cookies: [cookie] };
      }
      case "code": {
        // A wrong code during enrolment shows the same QR code and key again.
        const retry = async (error: string): Promise<SignInStep> => {
          const enrolment = await pendingEnrolment(ctx, pending);
          return enrolment ? { step: "enroll", ...enrolment, error } : { step: "code", error };
        };
        const input = mfaSchema.safeParse({ code: text("code") });
        if (!input.success) return refused(400, await retry(m().invalidCode));
        const result = await checkCode(ctx, pending, input.data.code, client);
        if (result.kind === "throttled") return refused(429, await retry(m().locked));
        if (result.kind === "invalid") return refused(401, await retry(m().invalidCode));
        if (result.kind === "expired")
          return refused(401, { step: "password", error: m().expired }, [clearStaffSetCookie(request, PENDING_COOKIE)]);
        // A new session id at every sign-in; the session this browser had before (if any) ends.
        const old = readRequestCookie(request, SESSION_COOKIE);
        if (old) await signOut(ctx, old, null);
        const cookies = [
          clearStaffSetCookie(request, PENDING_COOKIE),
          staffSetCookie(request, SESSION_COOKIE, result.sessionToken),
          staffSetCookie(request, DEVICE_COOKIE, result.deviceToken, DEVICE_COOKIE_MAX_AGE_MS),
        ];
        if (result.recoveryCodes) return { status: 200, step: { step: "recovery", codes: result.recoveryCodes, next }, cookies };
        return { status: 303, redirectTo: next, cookies };
      }
      default:
        return { status: 200, step: { step: "password" }, cookies: [clearStaffSetCookie(request, PENDING_COOKIE)] };
    }
  } catch (error) {
    if (error instanceof PasswordHashingBusyError)
      return refused(503, { step: "password", error: m().busy, email: text("email").slice(0, 254) });
    throw error;
  }
}
