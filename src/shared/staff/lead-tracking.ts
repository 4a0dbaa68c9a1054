import { z } from "zod";

/**
 * What the dashboard shows of a lead's follow-up: its status, set by staff,
 * and the state of each mail the lead produced. Shared so the server's lists and the feature tabs
 * agree on one shape, and so the Messages and Financing tabs (two features) use the same rules.
 */
export const LEAD_STATUSES = ["new", "contacted", "closed"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A mail's state as staff read it: `sending` counts as queued; `written` = saved as .eml (no SMTP_URL). */
export type LeadMailState = "queued" | "sent" | "written" | "failed" | "cancelled";

/** One mail of a lead: who it was for and how it went, never its content. */
export type LeadMail = { id: number; kind: string; audience: MailAudience; state: LeadMailState; attempts: number };

export type MailAudience = "staff" | "crm" | "shopper";

/** Mail kinds end in -staff (LEADS_TO), -adf (ADF_TO) or name a shopper mail. */
export function mailAudience(kind: string): MailAudience {
  if (kind.endsWith("-staff")) return "staff";
  if (kind.endsWith("-adf")) return "crm";
  return "shopper";
}

/** Milliseconds from submission to the first status change, or null while no one has changed it. */
export function responseTimeMs(createdAt: string, firstStatusChangeAt: string | null): number | null {
  if (!firstStatusChangeAt) return null;
  return Math.max(0, Date.parse(firstStatusChangeAt) - Date.parse(createdAt));
}

/** "4 min", "2 h 5 min", "3 d 4 h": short enough for a list row. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "< 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** PATCH /api/admin/contact-submissions/:id/status and /api/admin/financing/:id/status. */
export const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: "Status must be new, contacted or closed." }),
});

/** The key of one lead's status form on a list of one kind of lead: a refusal shows on its own row (decision 101). */
export const leadStatusFormKey = (id: string) => `status:${id}`;

/** The status filter of a list of one kind of lead (Messages, Financing Apps), as its address gives it. */
export const leadStatusFilterField = z.enum(LEAD_STATUSES, { error: "Choose new, contacted or closed." });
