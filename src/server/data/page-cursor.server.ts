import { z } from "zod";

/**
 * Keyset paging of a list newest first (created, then id, so rows of one instant keep one order across
 * pages): the page link carries the last row's place, opaque to people (a staff list's `before=`).
 */
export type PageCursor = { createdAt: string; id: string };

export function encodePageCursor(row: PageCursor): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.id])).toString("base64url");
}

export function decodePageCursor(value: string): PageCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((part) => typeof part === "string" && part.length <= 100)) return null;
    const [createdAt, id] = parsed as [string, string];
    return Number.isNaN(Date.parse(createdAt)) ? null : { createdAt, id };
  } catch {
    return null;
  }
}

/** The `before` parameter of a page link, checked: a link cut short or typed by hand is refused with this message. */
export const pageCursorField = z
  .string()
  .max(300, "This page link is not valid.")
  .refine((value) => decodePageCursor(value) !== null, "This page link is not valid.")
  .transform((value) => decodePageCursor(value)!);
