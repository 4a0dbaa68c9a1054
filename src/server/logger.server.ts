import pino from "pino";

/**
 * Paths pino blanks out wherever they appear in a log object. Sensitive applicant
 * data must never reach a log line (docs/behaviour.md §11).
 */
export const REDACTED_PATHS = [
  "pin",
  "*.pin",
  "ssn",
  "*.ssn",
  "*.coOwnerSsn",
  "dateOfBirth",
  "*.dateOfBirth",
  "*.coOwnerDateOfBirth",
  "*.signature",
  "*.coOwnerSignature",
  "*.driverLicense",
  "*.coOwnerDriverLicense",
  // Staff sign-in: never a password, hash, TOTP secret, code or token.
  "password",
  "*.password",
  "*.currentPassword",
  "*.newPassword",
  "passwordHash",
  "*.passwordHash",
  "*.totpSecretEnc",
  "secret",
  "*.secret",
  // A TOTP code sits in a request body; an error's own `code` (ERR_INVALID_URL, …) must stay readable.
  "code",
  "body.code",
  "*.body.code",
  "*.token",
  "*.recoveryCodes",
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
];

/**
 * A booking's manage token is the only key to its booking, and it travels in the URL: the manage page
 * (/booking/manage/{token}, /es/…, /pt/…, its .data requests) and the API (/api/bookings/manage/{token}…).
 * React Router matches paths case-insensitively and after decoding %-escapes, so the pattern does too.
 * A trade-in offer's link (/trade-in/offer/{token}), a deal sheet's (/deal/{token}, its PDF
 * /deal/{token}/sheet.pdf), a mail's opt-out link (/opt-out/{token}) and the alerts' links
 * (/alerts/confirm/{token}, /alerts/{token}, /alerts/{token}/unsubscribe; /alerts alone, the form, has
 * none) are redacted the same way. This is the net for free text (an error's message and stack): the
 * request log names a page by the route table's reading of its path, every parameter of a route whose
 * URL holds a token redacted, and src/app/route-policy.test.ts checks this pattern against every such route.
 * The staff setup link carries its token in the query, which no log line keeps.
 */
const MANAGE_TOKEN =
  /(\/(?:bookings?\/+manage|trade-ins?\/+offer|deal|opt-out|alerts(?:\/+confirm)?)\/+)[^/?#\s"'<>]+?(?=\.data(?:[/?#\s"'<>]|$)|[/?#\s"'<>]|$)/gi;

/** Text with every booking manage token replaced by "[redacted]". */
export function redactTokens(text: string): string {
  let decoded = text;
  try {
    // decodeURI leaves escaped separators (%2F, %3F) alone, as the router does.
    decoded = decodeURI(text);
  } catch {
    // A malformed escape: the server refuses such a path with a 400; its raw form is checked below.
  }
  MANAGE_TOKEN.lastIndex = 0;
  if (!MANAGE_TOKEN.test(decoded)) return text;
  return decoded.replace(MANAGE_TOKEN, "$1[redacted]");
}

/**
 * An error as one JSON object inside its log line: type, message, code and stack only. pino's standard
 * serialiser would also copy every enumerable property, and some errors carry request data (a parser's
 * `body`), which must never reach a log.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err) };
  const code = (err as { code?: unknown }).code;
  // A router's error message can quote the request's path ("…a POST request to "/booking/manage/…"").
  const stack = err.stack === undefined ? undefined : redactTokens(err.stack);
  return { type: err.name, message: redactTokens(err.message), ...(typeof code === "string" ? { code } : {}), stack };
}

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      // Every line's `path` (the request log, the error handlers) passes through the token redaction.
      serializers: { err: serializeError, path: (path: unknown) => (typeof path === "string" ? redactTokens(path) : path) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
