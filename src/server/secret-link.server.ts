import crypto from "node:crypto";
import { sign } from "./secrets.server";

/**
 * The one token module (the code review's "opaque tokens ×5"): the links that work without signing in
 * (a booking's manage link, a trade-in offer, a deal sheet, a mail's opt-out link, an alert's
 * confirmation and manage links) and the staff's setup links and session cookies. 256 random bits,
 * base64url (43 characters), only in the link or cookie; the database keeps the SHA-256, so a copy of it
 * opens nothing.
 */
export const SECRET_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh random token. */
export const newSecretLinkToken = (): string => crypto.randomBytes(32).toString("base64url");

/** What is stored of a token, to find its record. */
export const hashSecretLinkToken = (token: string): string => crypto.createHash("sha256").update(token).digest("hex");

/**
 * A token derived from a record's id with a server key (HMAC-SHA256, the same 43 characters): the same
 * link every time it is mailed, without storing the token itself. `purpose` keeps the links of
 * different records apart.
 */
export const derivedSecretLinkToken = (key: Buffer, purpose: string, id: string): string => sign(key, `${purpose}:${id}`);
