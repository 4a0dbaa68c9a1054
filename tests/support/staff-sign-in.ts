import { Secret, TOTP } from "otpauth";
import { hashPassword } from "~/server/auth/password-hash.server";
import { insertStaffAccount } from "~/server/data/staff-accounts.server";
import type { StaffRole } from "~/shared/staff/staff-roles";
import type { TestServer } from "./test-server";
import { openServerDatabase } from "./server-database";

/** The owner every server creates when no account exists outside production (README: Staff accounts). */
export const DEMO_OWNER = { email: "owner@example.com", password: "demo-motors-owner-2026" } as const;

export type StaffClient = {
  server: TestServer;
  /** "staff_session=…", for a Cookie header. */
  cookie: string;
  email: string;
  /** The base32 TOTP secret read from the enrollment answer (as a phone app would). */
  secret: string;
  /** Only from the sign-in that enrolled. */
  recoveryCodes?: string[];
  /** The TOTP time step of the code this sign-in used. */
  step: number;
  /** The session's whole Set-Cookie line (attributes included). */
  sessionSetCookie: string;
  /** "staff_device=…": the browser this sign-in came from is now trusted for the account. */
  deviceCookie: string | null;
  deviceSetCookie: string | undefined;
};

/** Secrets of accounts enrolled so far, per server and e-mail, and the last time step used with each. */
const enrolled = new Map<string, { secret: string; lastStep: number }>();
const keyOf = (server: TestServer, email: string) => `${server.dataDir}|${email.toLowerCase()}`;

/** The secret inside an otpauth:// URI. */
export function secretFromUri(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error("otpauth URI without a secret");
  return secret;
}

/** How long a code handed to a test must stay valid: typing it and posting it takes seconds on a busy machine. */
const CODE_MIN_LIFETIME_MS = 10_000;

/** A valid code for a step not used yet with this secret (the server refuses a replayed code); waits for the next step when needed. */
export async function freshCode(secret: string, lastStep = -1): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / 30_000);
    // The server accepts one step either side; use the oldest unused one that it will still accept
    // once the code is typed and sent: step s is accepted until the end of step s + 1. A code of the
    // previous step with a moment left was rejected on a busy machine by the time the form posted.
    for (const step of [current - 1, current, current + 1]) {
      const acceptedForMs = (step + 2) * 30_000 - now;
      if (step > lastStep && acceptedForMs >= CODE_MIN_LIFETIME_MS) {
        return { code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 }), step };
      }
    }
    await new Promise((r) => setTimeout(r, 30_000 - (now % 30_000) + 50));
  }
}

export function cookieOf(res: Response, name: string): string | null {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";", 1)[0]!;
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return null;
}

export type PostOptions = { cookie?: string | null; headers?: Record<string, string> };

export function postJson(server: TestServer, path: string, body: unknown, options: PostOptions = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.url,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: JSON.stringify(body),
  });
}

/**
 * Signs in through the real two-step API: password, then a TOTP code computed from the
 * enrollment secret (first sign-in) or the remembered one. Throws on any unexpected answer.
 */
export async function signIn(
  server: TestServer,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<StaffClient> {
  const login = await postJson(server, "/api/admin/login", { email, password }, { headers });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const answer = (await login.json()) as { next: "code" | "enroll"; otpauthUri?: string };
  const pending = cookieOf(login, "staff_pending");
  if (!pending) throw new Error("login set no pending cookie");
  const key = keyOf(server, email);
  if (answer.next === "enroll") enrolled.set(key, { secret: secretFromUri(answer.otpauthUri!), lastStep: -1 });
  const known = enrolled.get(key);
  if (!known) throw new Error(`${email} is enrolled, but not by this test process`);
  const { code, step } = await freshCode(known.secret, known.lastStep);
  known.lastStep = step;
  const mfa = await postJson(server, "/api/admin/mfa", { code }, { cookie: pending, headers });
  if (mfa.status !== 200) throw new Error(`mfa answered ${mfa.status}: ${await mfa.text()}`);
  const body = (await mfa.json()) as { recoveryCodes?: string[] };
  const cookie = cookieOf(mfa, "staff_session");
  if (!cookie) throw new Error("mfa set no session cookie");
  const sessionSetCookie = mfa.headers.getSetCookie().find((line) => line.startsWith("staff_session="))!;
  const deviceCookie = cookieOf(mfa, "staff_device");
  const deviceSetCookie = mfa.headers.getSetCookie().find((line) => line.startsWith("staff_device="));
  return {
    server,
    cookie,
    email,
    secret: known.secret,
    recoveryCodes: body.recoveryCodes,
    step,
    sessionSetCookie,
    deviceCookie,
    deviceSetCookie,
  };
}

/** The secret and last used step this test process knows for an account (browser sign-ins share them). */
export function enrolledSecret(server: TestServer, email: string): { secret: string; lastStep: number } | undefined {
  return enrolled.get(keyOf(server, email));
}

/** Remembers that a step was used with a secret outside signIn() (tests that post codes themselves). */
export function noteStepUsed(server: TestServer, email: string, secret: string, step: number): void {
  const key = keyOf(server, email);
  const known = enrolled.get(key) ?? { secret, lastStep: -1 };
  enrolled.set(key, { secret, lastStep: Math.max(known.lastStep, step) });
}

export function signInOwner(server: TestServer): Promise<StaffClient> {
  return signIn(server, DEMO_OWNER.email, DEMO_OWNER.password);
}

let counter = 0;

/** Creates an account with a password straight in the server's database (as `npm run staff` + setup would) and signs it in. */
export async function signInAs(server: TestServer, role: StaffRole, name = `${role} person`): Promise<StaffClient> {
  const email = `${role}.${process.pid}.${++counter}.${Date.now()}@example.com`;
  const password = `long test passphrase ${counter} for ${role}`;
  await createAccount(server, { email, name, role, password });
  return signIn(server, email, password);
}

export async function createAccount(server: TestServer, input: { email: string; name: string; role: StaffRole; password?: string }) {
  const { db } = openServerDatabase(server);
  try {
    return await insertStaffAccount(db, {
      email: input.email,
      name: input.name,
      role: input.role,
      passwordHash: input.password ? await hashPassword(input.password, server.passwordHashParams) : null,
    });
  } finally {
    await db.destroy();
  }
}

/** How many answers had each status: `{ 401: 4, 429: 96 }`. */
export function tallyStatuses(statuses: number[]): Record<number, number> {
  return statuses.reduce<Record<number, number>>((tally, status) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }), {});
}

/** Lets requests sent first reach the server, while their checks still run, before the next one goes. */
export const letEarlierRequestsArrive = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * An enrolled account half-way through sign-in: its pending cookie after the password step, a valid
 * code for it that the tests will not use elsewhere, and a wrong one.
 */
export async function pendingCodeStep(
  server: TestServer,
  email: string,
  headers: Record<string, string>,
  password: string,
): Promise<{ pending: string | null; code: string; wrongCode: string }> {
  const login = await postJson(server, "/api/admin/login", { email, password }, { headers });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const known = enrolled.get(keyOf(server, email));
  if (!known) throw new Error(`${email} is not enrolled by this test process`);
  const { code, step } = await freshCode(known.secret, known.lastStep);
  known.lastStep = step;
  return { pending: cookieOf(login, "staff_pending"), code, wrongCode: code === "000000" ? "111111" : "000000" };
}
