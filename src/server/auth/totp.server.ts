import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

/** RFC 6238 as authenticator apps expect it: SHA-1, 30-second steps, 6 digits. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side tolerates a phone clock ~30 s off. */
const WINDOW = 1;

/** A new random 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps show it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, issuer: string, email: string): TOTP {
  return new TOTP({
    issuer,
    label: email,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secretBase32: string, issuer: string, email: string): string {
  return totpFor(secretBase32, issuer, email).toString();
}

/** The URI as a QR code in SVG, rendered on the server (no client QR library). */
export function totpQrSvg(uri: string): string {
  return renderSVG(uri, { ecc: "M", border: 2, pixelSize: 6 });
}

/**
 * The time step a code belongs to when it is valid now (±1 step) and newer than
 * `lastUsedStep`; null otherwise. Storing the returned step makes every code single-use.
 */
export function acceptTotpCode(secretBase32: string, code: string, lastUsedStep: number | null, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp: now,
    window: WINDOW,
  });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}

/** The current code for a secret (tests and the CLI's self-check; never sent to a client). */
export function totpCodeAt(secretBase32: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: "SHA1", digits: DIGITS, period: PERIOD_SECONDS, timestamp });
}
