import { z } from "zod";

/** The owner's lead settings (docs/behaviour.md §18). */
export type LeadSettings = { responseMinutes: number };

export const DEFAULT_LEAD_SETTINGS: LeadSettings = { responseMinutes: 5 };

/**
 * The lead settings as PUT /api/admin/lead-settings and the Settings tab send them (staff text is
 * English only): how many minutes of opening hours a lead may wait for its first response.
 */
export const leadSettingsSchema = z.object({
  responseMinutes: z
    .number({ error: "The response time must be a whole number of minutes, from 1 to 240." })
    .int("The response time must be a whole number of minutes, from 1 to 240.")
    .min(1, "The response time must be at least 1 minute.")
    .max(240, "The response time must be at most 240 minutes (4 hours)."),
});
