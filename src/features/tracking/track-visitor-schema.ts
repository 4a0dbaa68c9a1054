import { z } from "zod";

/** Body of POST /api/track-visitor (docs/behaviour.md §7): referrer is omitted when empty. */
export const trackVisitorSchema = z.object({
  page: z.string().trim().min(1).max(2048).startsWith("/"),
  userAgent: z.string().max(1024).optional(),
  referrer: z.string().max(2048).optional(),
});

export type TrackVisitorInput = z.infer<typeof trackVisitorSchema>;
