import type { Response } from "express";
import type { z } from "zod";

/** The JSON body of every failed API call: a message, plus one message per invalid field. */
export type ApiErrorBody = { error: string; fieldErrors?: Record<string, string> };

/** First message per field of a zod error, keyed by the field's dotted path. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Parses `input` with `schema`; on failure answers 400 with field messages and returns null.
 * Never echoes the submitted values back.
 */
export function parseOr400<S extends z.ZodType>(
  res: Response,
  schema: S,
  input: unknown,
  /** The answer's own message, in the language of the schema's field messages. */
  message = "Please correct the highlighted fields.",
): z.infer<S> | null {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  res.status(400).json({ error: message, fieldErrors: fieldErrorsOf(result.error) } satisfies ApiErrorBody);
  return null;
}

export function sendError(res: Response, status: number, error: string): void {
  res.status(status).json({ error } satisfies ApiErrorBody);
}
