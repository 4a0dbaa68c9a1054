/**
 * The lead report's shape (GET /api/admin/reports/leads), shared by the service and the dashboard's
 * Reports tab. Every grouping carries the same figures.
 */
/** At most a year and a day at a time: the report reads every lead of its range. */
export const MAX_REPORT_DAYS = 367;

export type LeadFigures = {
  leads: number;
  /** Leads with a first response (a status change, a reply or a logged call). */
  answered: number;
  /** Median minutes from the lead to its first response, over the answered leads; null when none is. */
  medianFirstResponseMinutes: number | null;
  /** Leads answered within `withinMinutes` of arriving. */
  answeredWithin: number;
  /** answeredWithin / leads, 0 to 1; null when there are no leads. */
  answeredWithinShare: number | null;
};

export type LeadReport = {
  /** The dealership's dates the report covers, both included. */
  from: string;
  to: string;
  withinMinutes: number;
  total: LeadFigures;
  bySource: (LeadFigures & { source: string })[];
  byType: (LeadFigures & { type: string })[];
  /** ISO weeks ("2026-W48") of the dealership's calendar, every week of the range, empty ones too. */
  byWeek: (LeadFigures & { week: string })[];
  /** Per assignee; `assigneeId` null is the leads nobody has. A salesperson sees only their own row. */
  bySalesperson: (LeadFigures & { assigneeId: string | null; name: string })[];
};
