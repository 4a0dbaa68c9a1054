import pino from "pino";

/**
 * Paths pino blanks out wherever they appear in a log object. Sensitive applicant
 * data must never reach a log line (DESIGN.md difference 3).
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
  // Staff sign-in (issue 11): never a password, hash, TOTP secret, code or token.
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
 * An error as one JSON object inside its log line: type, message, code and stack only. pino's standard
 * serialiser would also copy every enumerable property, and some errors carry request data (a parser's
 * `body`), which must never reach a log.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err) };
  const code = (err as { code?: unknown }).code;
  return { type: err.name, message: err.message, ...(typeof code === "string" ? { code } : {}), stack: err.stack };
}

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      serializers: { err: serializeError },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
