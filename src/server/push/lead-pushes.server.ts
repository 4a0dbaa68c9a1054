import type { Db } from "~/server/db/database.server";
import { announceQueuedPushes, enqueuePushes, type NewPush } from "~/server/data/push-outbox.server";
import { afterCommit } from "~/server/db/transaction.server";
import { pushSubscriptionsOf } from "~/server/data/push-subscriptions.server";
import { findCustomer } from "~/server/data/customers.server";
import { findLead } from "~/server/data/leads.server";
import { findVehicle } from "~/server/data/vehicles.server";
import { LANGUAGE_NAMES_IN_ENGLISH } from "~/server/mail/adf.server";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { staffPush } from "~/shared/i18n/en/staff-push";
import { leadAlarm } from "~/shared/i18n/en/staff-lead-alarm";
import { asLocale } from "~/shared/i18n/locales";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";
import { isLeadType } from "~/shared/leads/lead-types";
import { addDays, dealerToday, wallClockInstant, zonedClock } from "~/shared/lib/dealer-clock";

/** What a push says and opens; the service worker shows it (public/podium-sw.js). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

export type PushLead = { type: string; id: string; customerId: string; firstName: string; vehicleId: string | null; locale: string };

/** What a lead's push is about: it arrived for its assignee, it was given to someone, or it is overdue. */
export type LeadPushKind = "new-lead" | "assigned" | "escalated";

/**
 * Queues the pushes about a lead for these people's devices, in the caller's transaction (decision 112):
 * a new lead for its assignee ("new-lead"), a lead reassigned for its new assignee ("assigned",
 * decision 127) or an overdue one for its assignee and the owners ("escalated"). Each says the kind of
 * lead, the shopper's first name, the vehicle and (new and reassigned leads) the language, and opens the
 * customer's record. A person in their quiet hours gets it when they end.
 */
export async function queueLeadPushes(db: Db, kind: LeadPushKind, staffIds: string[], lead: PushLead, now: Date): Promise<number> {
  return queueLeadPushesToDevices(db, kind, await pushSubscriptionsOf(db, [...new Set(staffIds)]), lead, now);
}

/**
 * `queueLeadPushes()` for devices the caller has already looked up: a new lead's, read beside its
 * transaction while the transaction writes (decision 160).
 */
export async function queueLeadPushesToDevices(
  db: Db,
  kind: LeadPushKind,
  devices: Awaited<ReturnType<typeof pushSubscriptionsOf>>,
  lead: PushLead,
  now: Date,
): Promise<number> {
  if (!devices.length) return 0;
  const vehicle = lead.vehicleId ? await findVehicle(db, lead.vehicleId) : null;
  const what = leadAlarm.mail.types[lead.type] ?? lead.type;
  const name = vehicle ? staffVehicleName(vehicle) : null;
  const language = LANGUAGE_NAMES_IN_ENGLISH[asLocale(lead.locale)];
  const url = `/podium/customers/${lead.customerId}`;
  const payload: PushPayload =
    kind === "escalated"
      ? {
          title: staffPush.escalated.title(what),
          body: staffPush.escalated.body(lead.firstName, name),
          url,
          tag: `${lead.type}:${lead.id}:escalated`,
        }
      : {
          title: kind === "new-lead" ? staffPush.newLead.title(what) : staffPush.assigned.title(what),
          body: staffPush.newLead.body(lead.firstName, name, language),
          url,
          // One notification per lead on a device: a lead given back to someone replaces its first one.
          tag: `${lead.type}:${lead.id}`,
        };
  return queuePushesToDevices(db, kind, devices, payload, now);
}

export type PushTask = { id: string; customerId: string; kind: string; note: string; leadType: string | null; leadId: string | null };

/**
 * Queues the push of a task whose due time has come (decision 126) for its assignee's devices, in the
 * transaction that claimed its notice: the kind of task, the customer's first name, the vehicle of the
 * lead it is about (if any, and not a financing application's) and its note, opening the customer's record.
 */
export async function queueTaskDuePush(db: Db, task: PushTask, assigneeId: string, now: Date): Promise<number> {
  const devices = await pushSubscriptionsOf(db, [assigneeId]);
  if (!devices.length) return 0;
  const customer = await findCustomer(db, task.customerId);
  // A financing application's vehicle is the applicant's to tell (decision 089): the push does not name it.
  const lead =
    task.leadType && task.leadId && isLeadType(task.leadType) && !LEAD_KINDS[task.leadType].confidential
      ? await findLead(db, task.leadType, task.leadId)
      : null;
  const vehicle = lead?.vehicleId ? await findVehicle(db, lead.vehicleId) : null;
  const payload: PushPayload = {
    title: staffPush.taskDue.title(staffPush.taskDue.kinds[task.kind] ?? task.kind),
    body: staffPush.taskDue.body(customer?.firstName ?? "", vehicle ? staffVehicleName(vehicle) : null, task.note),
    url: `/podium/customers/${task.customerId}`,
    tag: `task:${task.id}`,
  };
  return queuePushesToDevices(db, "task-due", devices, payload, now);
}

/** One outbox row per device, each due now or when its owner's quiet hours end; the worker is woken after commit. */
async function queuePushesToDevices(
  db: Db,
  kind: string,
  devices: { id: string; staffId: string }[],
  payload: PushPayload,
  now: Date,
): Promise<number> {
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
