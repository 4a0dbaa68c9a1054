import crypto from "node:crypto";
import { promisify } from "node:util";
import { SPARE_CORE_SLOTS, WorkBusyError, WorkSlots } from "~/server/work-slots.server";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * OWASP Password Storage Cheat Sheet's scrypt parameters: N = 2^17, r = 8, p = 1
 * (128 MiB and ~0.2 s per hash here). Stored with every hash, so raising them later
 * still verifies older hashes (`needsRehash` says when to re-hash at sign-in).
 */
export const SCRYPT_PARAMS = { logN: 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const FORMAT = /^\$scrypt\$v=1\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;

export type PasswordHashParams = { logN: number; r: number; p: number };

/**
 * scrypt runs on libuv's thread pool (4 threads), which `express.static`'s file reads share, and keeps
 * a core busy for ~0.25 s: 100 parallel sign-ins once held a stylesheet for 27.6 s.
 * So hashes run one fewer at a time than there are cores (at most 2, at least 1): a core stays free
 * for the event loop and two pool threads for files. A few more wait (about 2 s of work); beyond
 * that an attempt is refused at once with PasswordHashingBusyError, which the API answers 503.
 */
export const MAX_CONCURRENT_HASHES = SPARE_CORE_SLOTS;
export const MAX_QUEUED_HASHES = 8 * MAX_CONCURRENT_HASHES;
const hashingSlots = new WorkSlots(MAX_CONCURRENT_HASHES, MAX_QUEUED_HASHES, "password-hash");

/** No hashing slot is free and the queue is full: try again in a moment (503 Retry-After). */
export class PasswordHashingBusyError extends WorkBusyError {
  constructor() {
    super("Password hashing is busy", 2);
  }
}

const withHashingSlot = <T>(work: () => Promise<T>): Promise<T> => hashingSlots.run(work, () => new PasswordHashingBusyError());

function derive(password: string, salt: Buffer, { logN, r, p }: PasswordHashParams, length: number): Promise<Buffer> {
  const N = 2 ** logN;
  // Node's default maxmem (32 MiB) is below 128 * N * r; allow exactly what the parameters need.
  return withHashingSlot(() => scrypt(password.normalize("NFKC"), salt, length, { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 }));
}

/**
 * "$scrypt$v=1$ln=17,r=8,p=1$<salt>$<hash>" (base64url): version, parameters, salt and key together.
 * `params` is the server's configured ServerEnv.passwordHashParams (SCRYPT_PARAMS in production).
 */
export async function hashPassword(password: string, params: PasswordHashParams): Promise<string> {
  const salt = crypto.randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return `$scrypt$v=1$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

function parse(encoded: string): { params: PasswordHashParams; salt: Buffer; key: Buffer } | null {
  const m = FORMAT.exec(encoded);
  if (!m) return null;
  const params = { logN: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.p < 1) return null;
  return { params, salt: Buffer.from(m[4]!, "base64url"), key: Buffer.from(m[5]!, "base64url") };
}

/** True when `password` matches `encoded`; compares in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) {
    await dummyPasswordCheck(password, SCRYPT_PARAMS);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return crypto.timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash uses weaker parameters than the configured ones (re-hash it at the next sign-in). */
export function needsRehash(encoded: string, params: PasswordHashParams): boolean {
  const parsed = parse(encoded);
  return !parsed || parsed.params.logN < params.logN || parsed.params.r < params.r;
}

const DUMMY_SALT = crypto.randomBytes(SALT_LENGTH);

/**
 * Spends the same time as a real check, for an unknown e-mail or an account without a
 * password: the answer's timing must not tell which e-mails have accounts.
 */
export async function dummyPasswordCheck(password: string, params: PasswordHashParams): Promise<void> {
  await derive(password, DUMMY_SALT, params, KEY_LENGTH);
}
