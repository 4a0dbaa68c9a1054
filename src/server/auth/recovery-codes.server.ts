import crypto from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: codes are read off paper and typed by hand.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const CODE_LENGTH = 16;

/** Ten codes like "7KQ4-XR2P-D9MA-HT3C" (16 characters from 31 = ~79 bits each): shown once, stored hashed. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join("");
    return chars.match(/.{4}/g)!.join("-");
  });
}

/** Upper-case, without spaces or dashes: "7kq4m xr2pd" is the same code. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

/** Whether the input looks like a recovery code rather than a 6-digit TOTP code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return new RegExp(`^[A-Z0-9]{${CODE_LENGTH}}$`).test(normalizeRecoveryCode(code));
}

/**
 * SHA-256 is enough (no slow hash as for passwords): a code carries ~79 random bits, so even
 * a stolen table of hashes cannot be reversed by trying codes.
 */
export function hashRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}
