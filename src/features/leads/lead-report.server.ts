import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { leadsCreatedBetween, type ReportedLead } from "~/server/data/leads.server";
import { listStaffAccounts } from "~/server/data/staff-accounts.server";
import type { Staff } from "~/server/http/staff-request.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { addDays, dealerToday, startOfDealerDay } from "~/shared/lib/dealer-clock";
import { parseStoredLeadSource, sourceLabel } from "~/shared/leads/lead-source";
import { MAX_REPORT_DAYS, type LeadFigures, type LeadReport } from "./lead-report-types";

/**
 * The lead report (docs/decisions/078-lead-source-and-lead-report.md): leads by source, type, ISO
 * week and salesperson, each with its median first response and the share answered within five
 * minutes. Read from the `leads` table by its `created_at` index and counted here, so the one query
 * is the same on SQLite and PostgreSQL.
 */

/** The share the report measures: answered within this many minutes of arriving. */
export const ANSWERED_WITHIN_MINUTES = 5;
/** Without dates, the report covers the last 30 days (today included). */
export const DEFAULT_REPORT_DAYS = 30;

/**
 * The years a report may name. Before 1970 the time zone database gives local mean time (offsets in
 * seconds, years written with an era) and past 9999 an ISO date has six digits, so the day
 * arithmetic below broke (a 500 for 1000-01-01, 0000-01-01 and 9999-12-30); no lead is that old or
 * that far ahead, so anything outside these years is refused with a field message.
 */
export const FIRST_REPORT_YEAR = 1970;
export const LAST_REPORT_YEAR = 2999;

const m = staffMessagesFor().reports;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.errors.date);
export const leadReportQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => !q.from || validDate(q.from), { path: ["from"], message: m.errors.notADate })
  .refine((q) => !q.to || validDate(q.to), { path: ["to"], message: m.errors.notADate })
  .refine((q) => !q.from || withinReportYears(q.from), {
    path: ["from"],
    message: m.errors.outOfRange(FIRST_REPORT_YEAR, LAST_REPORT_YEAR),
  })
  .refine((q) => !q.to || withinReportYears(q.to), { path: ["to"], message: m.errors.outOfRange(FIRST_REPORT_YEAR, LAST_REPORT_YEAR) });

function validDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

function withinReportYears(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return year >= FIRST_REPORT_YEAR && year <= LAST_REPORT_YEAR;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
/** ISO 8601 week of a calendar date: "2026-W48" (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  const thursday = new Date(d.getTime() + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The middle value (the mean of the two middle ones for an even count), to one decimal; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 10) / 10;
}

/** Minutes from a lead to its first response; null while unanswered. */
const responseMinutes = (lead: ReportedLead): number | null =>
  lead.firstResponseAt ? Math.max(0, (Date.parse(lead.firstResponseAt) - Date.parse(lead.createdAt)) / 60_000) : null;

export function leadFigures(leads: readonly ReportedLead[], withinMinutes = ANSWERED_WITHIN_MINUTES): LeadFigures {
  const minutes = leads.map(responseMinutes).filter((m): m is number => m !== null);
  const answeredWithin = minutes.filter((m) => m <= withinMinutes).length;
  return {
    leads: leads.length,
    answered: minutes.length,
    medianFirstResponseMinutes: median(minutes),
    answeredWithin,
    answeredWithinShare: leads.length ? Math.round((answeredWithin / leads.length) * 1000) / 1000 : null,
  };
}

function groupBy<K>(leads: readonly ReportedLead[], key: (lead: ReportedLead) => K): Map<K, ReportedLead[]> {
  const groups = new Map<K, ReportedLead[]>();
  for (const lead of leads) {
    const k = key(lead);
    const group = groups.get(k);
    if (group) group.push(lead);
    else groups.set(k, [lead]);
  }
  return groups;
}

/** Most leads first, then by name. */
const byLeadsThen =
  <T extends LeadFigures>(name: (row: T) => string) =>
  (a: T, b: T) =>
    b.leads - a.leads || name(a).localeCompare(name(b));

export type LeadReportRange = { from: string; to: string };

/** The range a query asks for, or the field messages of a bad one. */
export function leadReportRange(
  query: unknown,
  now = new Date(),
): { ok: true; range: LeadReportRange } | { ok: false; fieldErrors: Record<string, string> } {
  const parsed = leadReportQuerySchema.safeParse(query ?? {});
  if (!parsed.success) {
    return { ok: false, fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "from"), i.message])) };
  }
  const to = parsed.data.to ?? dealerToday(now);
  const from = parsed.data.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  if (from > to) return { ok: false, fieldErrors: { from: m.errors.order } };
  if (daysBetween(from, to) + 1 > MAX_REPORT_DAYS) return { ok: false, fieldErrors: { to: m.errors.tooLong(MAX_REPORT_DAYS) } };
  return { ok: true, range: { from, to } };
}

/**
 * The report over the dealership's dates `from` to `to`, both included. A salesperson sees the whole
 * team's totals, sources, types and weeks, and of the per-person figures only their own; the owner
 * sees everyone's.
 */
export async function leadReport(
  ctx: AppContext,
  staff: Pick<Staff, "id" | "role">,
  { from, to }: LeadReportRange,
  withinMinutes = ANSWERED_WITHIN_MINUTES,
): Promise<LeadReport> {
  const start = startOfDealerDay(from).toISOString();
  const end = startOfDealerDay(addDays(to, 1)).toISOString();
  const leads = await leadsCreatedBetween(ctx.db, start, end);
  const figures = (group: readonly ReportedLead[]) => leadFigures(group, withinMinutes);

  const bySource = [...groupBy(leads, (l) => sourceLabel(parseStoredLeadSource(l.source)))]
    .map(([source, group]) => ({ source, ...figures(group) }))
    .sort(byLeadsThen((r) => r.source));
  const byType = [...groupBy(leads, (l) => l.type)].map(([type, group]) => ({ type, ...figures(group) })).sort(byLeadsThen((r) => r.type));

  const weeks = groupBy(leads, (l) => isoWeek(dealerToday(new Date(l.createdAt))));
  const allWeeks: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const week = isoWeek(day);
    if (allWeeks.at(-1) !== week) allWeeks.push(week);
  }
  const byWeek = allWeeks.map((week) => ({ week, ...figures(weeks.get(week) ?? []) }));

  const names = new Map((await listStaffAccounts(ctx.db)).map((a) => [a.id, a.name]));
  const bySalesperson = [...groupBy(leads, (l) => l.assigneeId)]
    .filter(([assigneeId]) => staff.role !== "sales" || assigneeId === staff.id)
    .map(([assigneeId, group]) => ({
      assigneeId,
      name: assigneeId === null ? m.unassigned : (names.get(assigneeId) ?? m.formerStaff),
      ...figures(group),
    }))
    .sort(byLeadsThen((r) => r.name));

  return { from, to, withinMinutes, total: figures(leads), bySource, byType, byWeek, bySalesperson };
}

/**
 * The report as CSV for a spreadsheet: one row per group of every grouping, with a BOM, and every
 * cell a spreadsheet could run as a formula defused (a utm_source is typed by whoever made the link;
 * decision 061).
 */
export function leadReportCsv(report: LeadReport): string {
  const c = m.csv;
  const w = report.withinMinutes;
  const row = (grouping: string, group: string, f: LeadFigures) => [
    grouping,
    group,
    f.leads,
    f.answered,
    f.medianFirstResponseMinutes ?? "",
    f.answeredWithin,
    f.answeredWithinShare ?? "",
  ];
  const rows = [
    [c.grouping, c.group, m.leads, m.answered, c.medianMinutes, c.answeredWithin(w), c.share(w)],
    row(c.total, `${report.from} – ${report.to}`, report.total),
    ...report.bySource.map((r) => row(m.bySource, r.source, r)),
    ...report.byType.map((r) => row(m.byType, m.types[r.type] ?? r.type, r)),
    ...report.byWeek.map((r) => row(m.byWeek, r.week, r)),
    ...report.bySalesperson.map((r) => row(m.bySalesperson, r.name, r)),
  ];
  return `\uFEFF${stringify(rows, { record_delimiter: "windows", escape_formulas: true })}`;
}
