import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import type { Db } from "~/server/db/database.server";
import { claimLeadAlarm, overdueLeads, type OverdueLead } from "~/server/data/lead-alarms.server";
import { findCustomer } from "~/server/data/customers.server";
import { mayContactCustomer, refusedChannels } from "~/server/data/do-not-contact.server";
import { insertLeadEvent } from "~/server/data/lead-events.server";
import { readLeadSettings } from "~/server/data/lead-settings.server";
import { enqueueMails, type NewMail } from "~/server/data/outbox.server";
import { listStaffAccounts, type StaffAccountRow } from "~/server/data/staff-accounts.server";
import { findVehicle } from "~/server/data/vehicles.server";
import type { ServerEnv } from "~/server/env.server";
import { dealershipSignature, renderMail } from "~/server/mail/mail-layout.server";
import { AFTER_HOURS_REPLY_KIND } from "~/server/mail/mail-kinds";
import { dealerTime, shopperLanguageLine, leadRecordUrl, staffRecordUrl } from "~/server/mail/staff-mail.server";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { queueLeadPushes } from "~/server/push/lead-pushes.server";
import { businessProfile } from "~/shared/config/business-profile";
import { afterHoursMail as en } from "~/shared/i18n/en/after-hours-mail";
import { leadAlarm } from "~/shared/i18n/en/staff-lead-alarm";
import { afterHoursMail as es } from "~/shared/i18n/es/after-hours-mail";
import { asLocale, LANGUAGE_TAGS, type Locale } from "~/shared/i18n/locales";
import { afterHoursMail as pt } from "~/shared/i18n/pt/after-hours-mail";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";
import type { LeadType } from "~/shared/leads/lead-types";
import { canUseArea, STAFF_AREAS } from "~/shared/staff/staff-roles";
import { computeOpenStatus, formatClockTime } from "~/shared/lib/business-hours";
import { zonedClock } from "~/shared/lib/dealer-clock";
import { nextOpening, responseDueAt } from "~/shared/lib/business-minutes";
import { inTransaction } from "~/server/db/transaction.server";
import { runTaskDueNotices } from "./task-due.server";

/** The staff alarm's mail kind (a `-staff` kind: the lead's mail list shows it as a staff mail). */
export const LEAD_ALARM_KIND = "lead-alarm-staff";

/** The outbox's name for the record a lead's mails belong to, so the alarm and the reply join the lead's mail list. */
const relatedTypeOf = (type: LeadType): NewMail["relatedType"] => LEAD_KINDS[type].mails.relatedType;

/**
 * Where the alarm sends its readers: the customer's record when everyone who holds the lead may open
 * it (the record is where a lead is answered), else the lead's own record (a financing application's
 * holders, finance, have no customer records).
 */
function followUpUrl(env: ServerEnv, lead: { type: LeadType; id: string; customerId: string }): string {
  const holdersOpenCustomers = STAFF_AREAS[LEAD_KINDS[lead.type].heldBy].every((role) => canUseArea(role, "customers"));
  return holdersOpenCustomers ? staffRecordUrl(env, "customers", lead.customerId) : leadRecordUrl(env, lead.type, lead.id);
}

/**
 * Whether the alarm's mails and the after-hours reply go out (LEAD_ALARM, on by default); set once
 * at start-up. Due times are stored either way, so the inbox still marks waiting leads. Module
 * state because registerLead() runs inside each lead's transaction with no server context.
 */
let mailsOn = true;
export function setLeadAlarmMails(on: boolean): void {
  mailsOn = on;
}

/** The lead as registerLead() has it, with its customer. */
export type ArrivingLead = {
  type: LeadType;
  id: string;
  customerId: string;
  firstName: string;
  email: string;
  locale: string;
};

/**
 * A new lead's response clock (docs/behaviour.md §18): its first response is due `responseMinutes` of
 * opening hours after it arrived. Read before the lead is inserted, so the due time is part of its
 * insert (decision 142) rather than an update of its own.
 */
export async function responseDueFor(db: Db, now: Date): Promise<string> {
  const { settings } = await readLeadSettings(db);
  const { hours, timeZone } = businessProfile;
  return responseDueAt(now, settings.responseMinutes, hours, timeZone).toISOString();
}

/**
 * A lead that arrives while the dealership is closed gets, at once, a reply in the shopper's language
 * saying when the dealership opens and will answer; in the lead's own transaction, after its insert.
 */
export async function answerAfterHours(db: Db, lead: ArrivingLead, now: Date): Promise<void> {
  if (!mailsOn || computeOpenStatus(now) === "open") return;
  // A shopper who asked us not to e-mail them gets no after-hours reply (decision 094); the lead's
  // own acknowledgement answers what they just sent.
  if (!(await mayContactCustomer(db, { email: lead.email, phone: null }, "email"))) return;
  const { hours, timeZone } = businessProfile;
  const opening = nextOpening(now, hours, timeZone);
  if (!opening) return;
  await enqueueMails(db, [afterHoursReply(lead, opening)], now);
  await insertLeadEvent(
    db,
    {
      customerId: lead.customerId,
      leadType: lead.type,
      leadId: lead.id,
      kind: "after-hours-reply",
      data: { opensAt: opening.toISOString() },
    },
    now,
  );
}

const afterHoursCatalogues: Record<Locale, typeof en> = { en, es, pt };
const longDays = new Map<Locale, Intl.DateTimeFormat>();

/** "Monday, January 12 at 8:30 AM", "el lunes, 12 de enero a las 8:30 a. m.", "segunda-feira, 12 de janeiro, às 8h30": on the dealership's clock. */
export function openingPhrase(opening: Date, locale: Locale): string {
  let format = longDays.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], {
      weekday: "long",
      month: "long",
      day: "numeric",
      timeZone: businessProfile.timeZone,
    });
    longDays.set(locale, format);
  }
  const time = formatClockTime(zonedClock(opening, businessProfile.timeZone).minutes, locale);
  return afterHoursCatalogues[locale].opening(format.format(opening), time);
}

function afterHoursReply(lead: ArrivingLead, opening: Date): NewMail {
  const locale = asLocale(lead.locale);
  const m = afterHoursCatalogues[locale];
  return {
    kind: AFTER_HOURS_REPLY_KIND,
    to: lead.email,
    // A reply reaches the dealership, not the sending address (MAIL_FROM is often a no-reply box).
    replyTo: businessProfile.email,
    subject: m.subject(businessProfile.name),
    ...renderMail(
      m.heading(lead.firstName),
      [
        { type: "paragraph", text: m.body(openingPhrase(opening, locale)) },
        { type: "paragraph", text: m.callHint(businessProfile.phone) },
      ],
      dealershipSignature(),
      LANGUAGE_TAGS[locale],
    ),
    relatedType: relatedTypeOf(lead.type),
    relatedId: lead.id,
  };
}

/** Who gets a lead's alarm: its assignee (while active) and every active owner, each once. */
function alarmRecipients(accounts: StaffAccountRow[], assigneeId: string | null): StaffAccountRow[] {
  const active = accounts.filter((a) => a.disabled === 0);
  const chosen = [...active.filter((a) => a.id === assigneeId), ...active.filter((a) => a.role === "owner")];
  const seen = new Set<string>();
  return chosen.filter((a) => {
    const key = a.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type AlarmLead = OverdueLead & { email: string; locale: string; createdAt: string };

async function alarmMails(
  db: Db,
  env: ServerEnv,
  lead: AlarmLead,
  minutes: number,
  recipients: StaffAccountRow[],
  assignee: StaffAccountRow | null,
): Promise<NewMail[]> {
  const m = leadAlarm.mail;
  const vehicle = lead.vehicleId ? await findVehicle(db, lead.vehicleId) : null;
  const about = vehicle ? staffVehicleName(vehicle) : (m.types[lead.type] ?? lead.type);
  const link = followUpUrl(env, lead);
  // The alarm tells staff how the customer must not be reached, so the first response honours it (decision 094).
  const customer = await findCustomer(db, lead.customerId);
  const refused = customer ? (await refusedChannels(db, customer)).map((r) => m.channels[r.channel] ?? r.channel) : [];
  const body = renderMail(
    m.heading(minutes),
    [
      {
        type: "fields",
        rows: [
          [m.fields.customer, lead.name],
          [m.fields.lead, m.types[lead.type] ?? lead.type],
          ...(vehicle ? [[m.fields.vehicle, staffVehicleName(vehicle)] as const] : []),
          [m.fields.received, dealerTime(lead.createdAt)],
          [m.fields.due, dealerTime(lead.responseDueAt)],
          [m.fields.assignee, assignee ? `${assignee.name} <${assignee.email}>` : m.nobody],
          ...(refused.length ? [[m.fields.doNotContact, refused.join(", ")] as const] : []),
        ],
      },
      { type: "link", label: m.open, href: link },
      { type: "paragraph", text: m.hint },
    ],
    [businessProfile.name],
    "en-US",
    shopperLanguageLine(lead.locale),
  );
  return recipients.map((staff) => ({
    kind: LEAD_ALARM_KIND,
    to: staff.email,
    replyTo: lead.email,
    subject: m.subject(minutes, lead.name, about),
    ...body,
    relatedType: relatedTypeOf(lead.type),
    relatedId: lead.id,
  }));
}

/**
 * Raises the alarm of every lead whose first response is overdue at `now` (docs/behaviour.md §18):
 * a mail to its assignee and every active owner, through the outbox, and an `escalated` timeline
 * entry. Each lead is reserved first (`claimLeadAlarm`), in the transaction that then writes its
 * mails, so however many processes run this at once, one raises it and only once; a crash before
 * the commit leaves it for the next run. Returns how many alarms this call raised.
 */
export async function runEscalations(ctx: AppContext, now: Date): Promise<number> {
  const overdue = await overdueLeads(ctx.db, now);
  if (!overdue.length) return 0;
  const { settings } = await readLeadSettings(ctx.db);
  let raised = 0;
  for (const candidate of overdue) {
    const won = await inTransaction(ctx.db, async (trx) => {
      if (!(await claimLeadAlarm(trx, candidate.type, candidate.id, now))) return false;
      const row = await trx
        .selectFrom("leads")
        .select(["email", "locale", "createdAt", "assigneeId", "customerId"])
        .where("type", "=", candidate.type)
        .where("id", "=", candidate.id)
        .executeTakeFirstOrThrow();
      const lead: AlarmLead = { ...candidate, ...row };
      const accounts = await listStaffAccounts(trx);
      const recipients = alarmRecipients(accounts, lead.assigneeId);
      const assignee = accounts.find((a) => a.id === lead.assigneeId) ?? null;
      await enqueueMails(trx, await alarmMails(trx, ctx.env, lead, settings.responseMinutes, recipients, assignee), now);
      // And a push to the same people's phones (decision 112).
      const pushLead = { ...lead, firstName: lead.name.split(" ")[0] ?? lead.name };
      await queueLeadPushes(
        trx,
        "escalated",
        recipients.map((r) => r.id),
        pushLead,
        now,
      );
      await insertLeadEvent(
        trx,
        {
          customerId: lead.customerId,
          leadType: lead.type,
          leadId: lead.id,
          kind: "escalated",
          data: { minutes: settings.responseMinutes, dueAt: lead.responseDueAt, to: recipients.map((r) => r.id) },
        },
        now,
      );
      return true;
    });
    if (won) raised += 1;
  }
  if (raised) {
    ctx.logger.info({ raised }, "lead alarms raised");
  }
  return raised;
}

export type LeadAlarmJob = { stop(): Promise<void> };

/**
 * The periodic sweep: every `pollMs` on the server's clock, in every process, it raises the overdue
 * leads' alarms (runEscalations, when `escalations` is on: LEAD_ALARM) and sends the notices of tasks
 * whose due time has come (runTaskDueNotices, always). The database, not the process, says which alarm
 * or notice is sent, so a restart or a second process changes nothing.
 */
export function startLeadAlarm(ctx: AppContext, options: { pollMs: number; escalations?: boolean }): LeadAlarmJob {
  const log = ctx.logger.child({ component: "lead-alarm" });
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(run, delay);
    timer.unref();
  }

  const failed = (what: string) => (error: unknown) =>
    log.error({ err: error instanceof Error ? error.message : String(error) }, `${what} failed`);

  function run(): void {
    timer = null;
    const now = serverNow(ctx);
    running = (options.escalations === false ? Promise.resolve() : runEscalations(ctx, now).then(() => undefined, failed("lead alarm")))
      .then(() => runTaskDueNotices(ctx, now))
      .then(() => undefined, failed("task due notices"))
      .finally(() => {
        running = null;
        schedule(options.pollMs);
      });
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
