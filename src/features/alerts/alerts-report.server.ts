import { z } from "zod";
import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import { countActiveAlertItems, countVehicleWatchers } from "~/server/data/alert-items.server";
import { countAlertSubscriberChanges, countAlertSubscribers } from "~/server/data/alert-subscribers.server";
import { countAlertVisits } from "~/server/data/alert-visits.server";
import { leadsCreatedBetween } from "~/server/data/leads.server";
import { countDeliveredMails } from "~/server/data/outbox.server";
import { countVehicleSaves } from "~/server/data/vehicle-saves.server";
import { findVehicleNames } from "~/server/data/vehicles.server";
import { ALERT_CONFIRMATION_KIND, ALERT_DIGEST_KIND } from "~/server/mail/mail-kinds";
import { vehicleName } from "~/shared/lib/vehicle-name";

/** The report's longest period, in days. */
export const ALERTS_REPORT_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS_MESSAGE = `A whole number of days from 1 to ${ALERTS_REPORT_MAX_DAYS}.`;

/** The report's period, `?days=` (default 30): the one schema of the API's query and the staff screen's address. */
export const alertsReportQuery = z.object({
  days: z.coerce
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(ALERTS_REPORT_MAX_DAYS, DAYS_MESSAGE)
    .default(30),
});

/** `?days=` as the query string gives it: absent or empty is the default. */
export const alertsReportQueryInput = (days: unknown) => ({ days: typeof days === "string" && days !== "" ? days : undefined });

/** GET /api/admin/reports/alerts (docs/behaviour.md §21): what the alerts bring, over the last `days` days. */
export type AlertsReport = {
  days: number;
  from: string;
  to: string;
  /** Addresses in each state now. */
  subscribers: { pending: number; confirmed: number; unsubscribed: number };
  /** Addresses confirmed, and unsubscribed, in the period. */
  confirmedInPeriod: number;
  unsubscribedInPeriod: number;
  /** What confirmed addresses follow now. */
  following: { vehicles: number; searches: number };
  /** Mails handed to the mail server in the period. */
  mailsSent: { alerts: number; confirmations: number };
  /** Opens are not tracked: no pixel, no redirect. */
  opensTracked: false;
  /** Page visits from alert links (utm_source=alert), in all and by kind of alert. */
  visits: { total: number; byKind: Record<string, number> };
  /** Leads whose visit came from an alert link, in all and by lead type. */
  leads: { total: number; byType: Record<string, number> };
};

export async function alertsReport(ctx: AppContext, days: number): Promise<AlertsReport> {
  const to = serverNow(ctx);
  const from = new Date(to.getTime() - days * DAY_MS);
  const [subscribers, changes, following, mails, visits, leads] = await Promise.all([
    countAlertSubscribers(ctx.db),
    countAlertSubscriberChanges(ctx.db, from),
    countActiveAlertItems(ctx.db),
    countDeliveredMails(ctx.db, [ALERT_DIGEST_KIND, ALERT_CONFIRMATION_KIND], from),
    countAlertVisits(ctx.db, from),
    // Up to and including now (the range's end is exclusive).
    leadsCreatedBetween(ctx.db, from.toISOString(), new Date(to.getTime() + 1).toISOString()),
  ]);
  const fromAlerts = leads.filter((lead) => {
    try {
      return lead.source !== null && (JSON.parse(lead.source) as { utmSource?: string }).utmSource === "alert";
    } catch {
      return false;
    }
  });
  const byType: Record<string, number> = {};
  for (const lead of fromAlerts) byType[lead.type] = (byType[lead.type] ?? 0) + 1;
  return {
    days,
    from: from.toISOString(),
    to: to.toISOString(),
    subscribers,
    confirmedInPeriod: changes.confirmed,
    unsubscribedInPeriod: changes.unsubscribed,
    following: { vehicles: following.vehicle, searches: following.search },
    mailsSent: { alerts: mails[ALERT_DIGEST_KIND] ?? 0, confirmations: mails[ALERT_CONFIRMATION_KIND] ?? 0 },
    opensTracked: false,
    visits: { total: visits.total, byKind: visits.byCampaign },
    leads: { total: fromAlerts.length, byType },
  };
}

/** How many shoppers saved each vehicle: device lists holding it, and confirmed addresses following it. */
export type VehicleSaveCount = { vehicleId: string; name: string; savedOnDevices: number; alertSubscribers: number };

/**
 * GET /api/admin/vehicles/saves: every vehicle someone saved, most saved first (a signal for pricing);
 * with `vehicleIds`, only those (the lot's page and a vehicle's page count the vehicles they show).
 */
export async function vehicleSaveCounts(ctx: AppContext, vehicleIds?: readonly string[]): Promise<VehicleSaveCount[]> {
  const [devices, watchers] = await Promise.all([countVehicleSaves(ctx.db, vehicleIds), countVehicleWatchers(ctx.db, vehicleIds)]);
  const ids = [...new Set([...devices.keys(), ...watchers.keys()])].filter(Boolean);
  const names = await findVehicleNames(ctx.db, ids);
  return names
    .map((v) => ({
      vehicleId: v.id,
      name: vehicleName(v),
      savedOnDevices: devices.get(v.id) ?? 0,
      alertSubscribers: watchers.get(v.id) ?? 0,
    }))
    .sort((a, b) => b.savedOnDevices + b.alertSubscribers - (a.savedOnDevices + a.alertSubscribers) || a.name.localeCompare(b.name));
}
