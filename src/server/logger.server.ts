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
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
];

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
