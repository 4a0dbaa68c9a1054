import crypto from "node:crypto";

/**
 * The secret-link tokens of links that work without signing in (the pattern of the booking manage
 * link, the trade-in offer and the deal sheet): 256 random bits, base64url, only in the link; the
 * database keeps the SHA-256.
 */
export const SECRET_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const newSecretLinkToken = (): string => crypto.randomBytes(32).toString("base64url");
export const hashSecretLinkToken = (token: string): string => crypto.createHash("sha256").update(token).digest("hex");
