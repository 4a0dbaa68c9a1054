import crypto from "node:crypto";

/**
 * Tokens of the secret links the site mails (an alert's confirmation and manage links): 256 bits,
 * base64url, 43 characters; only their SHA-256 is stored, so a copy of the database opens no link.
 * The older links (a booking's manage link, a trade-in offer, a deal sheet) make theirs the same way
 * in their own files; this module is where they belong (the code review's "opaque tokens ×5").
 */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh random token. */
export function newSecretToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** What is stored of a token, to find its record. */
export function hashSecretToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * A token derived from a record's id with a server key (HMAC-SHA256): the same link every time it is
 * mailed, without storing the token itself. `purpose` keeps tokens of different links apart.
 */
export function derivedSecretToken(key: Buffer, purpose: string, id: string): string {
  return crypto.createHmac("sha256", key).update(`${purpose}:${id}`).digest("base64url");
}
