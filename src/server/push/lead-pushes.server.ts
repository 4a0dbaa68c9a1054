import type { Db } from "~/server/db/database.server";
import { announceQueuedPushes, enqueuePushes, type NewPush } from "~/server/data/push-outbox.server";
import { afterCommit } from "~/server/db/transaction.server";
import { pushSubscriptionsOf } from "~/server/data/push-subscriptions.server";
import { findVehicle } from "~/server/data/vehicles.server";
import { LANGUAGE_NAMES_IN_ENGLISH } from "~/server/mail/adf.server";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { staffPush } from "~/shared/i18n/en/staff-push";
import { leadAlarm } from "~/shared/i18n/en/staff-lead-alarm";
import { asLocale } from "~/shared/i18n/locales";
import { addDays, dealerToday, wallClockInstant, zonedClock } from "~/shared/lib/dealer-clock";

/** What a push says and opens; the service worker shows it (public/podium-sw.js). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

export type PushLead = { type: string; id: string; customerId: string; firstName: string; vehicleId: string | null; locale: string };

/**
 * Queues the pushes about a lead for these people's devices, in the caller's transaction (decision 112):
 * a new lead for its assignee ("new-lead") or an overdue one for its assignee and the owners
 * ("escalated"). Each says the kind of lead, the shopper's first name, the vehicle and (new leads) the
 * language, and opens the customer's record. A person in their quiet hours gets it when they end.
 */
export async function queueLeadPushes(
  db: Db,
  kind: "new-lead" | "escalated",
  staffIds: string[],
  lead: PushLead,
  now: Date,
): Promise<number> {
  const devices = await pushSubscriptionsOf(db, [...new Set(staffIds)]);
  if (!devices.length) return 0;
  const vehicle = lead.vehicleId ? await findVehicle(db, lead.vehicleId) : null;
  const what = leadAlarm.mail.types[lead.type] ?? lead.type;
  const name = vehicle ? staffVehicleName(vehicle) : null;
  const payload: PushPayload =
    kind === "new-lead"
      ? {
          title: staffPush.newLead.title(what),
          body: staffPush.newLead.body(lead.firstName, name, LANGUAGE_NAMES_IN_ENGLISH[asLocale(lead.locale)]),
          url: `/podium/customers/${lead.customerId}`,
          tag: `${lead.type}:${lead.id}`,
        }
      : {
          title: staffPush.escalated.title(what),
          body: staffPush.escalated.body(lead.firstName, name),
          url: `/podium/customers/${lead.customerId}`,
          tag: `${lead.type}:${lead.id}:escalated`,
        };
  const quiet = await quietHoursOf(
    db,
    devices.map((d) => d.staffId),
  );
  const pushes: NewPush[] = devices.map((device) => ({
    subscriptionId: device.id,
    kind,
    payload: JSON.stringify(payload),
    dueAt: afterQuietHours(now, quiet.get(device.staffId) ?? null),
  }));
  await enqueuePushes(db, pushes, now);
  // The worker looks once the pushes are committed (decision 109's after-commit step), never before.
  afterCommit(db, announceQueuedPushes);
  return pushes.length;
}

type QuietHours = { start: number; end: number };

async function quietHoursOf(db: Db, staffIds: string[]): Promise<Map<string, QuietHours | null>> {
  const rows = await db
    .selectFrom("staffAccounts")
    .select(["id", "quietStartMinute", "quietEndMinute"])
    .where("id", "in", [...new Set(staffIds)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      row.quietStartMinute === null || row.quietEndMinute === null ? null : { start: row.quietStartMinute, end: row.quietEndMinute },
    ]),
  );
}

/** `now`, or when the person's quiet hours (on the dealership's clock, perhaps over midnight) end. */
export function afterQuietHours(now: Date, quiet: QuietHours | null): Date {
  if (!quiet || quiet.start === quiet.end) return now;
  const minute = zonedClock(now).minutes;
  const inside = quiet.start < quiet.end ? minute >= quiet.start && minute < quiet.end : minute >= quiet.start || minute < quiet.end;
  if (!inside) return now;
  const today = dealerToday(now);
  const end = wallClockInstant(today, quiet.end);
  return end > now ? end : wallClockInstant(addDays(today, 1), quiet.end);
}
