import type { InsertQueryBuilder, QueryCreator } from "kysely";
import { autonomousDbOf, type Db } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { engineOf } from "~/server/db/dialect.server";
import { afterRollback, autonomousOf, inTransaction, readBeside } from "~/server/db/transaction.server";
import { customerForLead, customerReservation, newCustomerForLead, type CustomerRow } from "~/server/data/customers.server";
import { insertLeadEvents, leadEventRows, type NewLeadEvent } from "~/server/data/lead-events.server";
import { assigneeUpdate, assignLead, insertLead, lastAssigneeOfCustomer, leadInsert, type NewLeadRow } from "~/server/data/leads.server";
import { recordStaffEvents, staffEventNotification, staffEventRows, type NewStaffEvent } from "~/server/data/staff-events.server";
import { announceMailsAtCommit, enqueueMails, outboxRows, type NewMail } from "~/server/data/outbox.server";
import { pushSubscriptionsOf } from "~/server/data/push-subscriptions.server";
import {
  claimNextAssignee,
  findStaffAccount,
  giveTurnBack,
  listStaffAccounts,
  takeTurnOnce,
  type StaffAccountRow,
  type Turn,
} from "~/server/data/staff-accounts.server";
import type { ServerEnv } from "~/server/env.server";
import { staffLeadsAddress } from "~/server/mail/recipients.server";
import { queueLeadPushesToDevices } from "~/server/push/lead-pushes.server";
import { businessProfile } from "~/shared/config/business-profile";
import { LEAD_KINDS, typesHeldLike } from "~/shared/leads/lead-kinds";
import type { LeadType } from "~/shared/leads/lead-types";
import { createdEventOf, leadEventArea } from "~/shared/staff/staff-events";
import { mayHoldLead } from "~/shared/staff/staff-roles";
import { answerAfterHours, responseDueFor } from "./lead-alarm.server";

/** A lead as every kind of lead stores it, whatever else its own row holds. */
export type NewLead = {
  type: LeadType;
  /** The id of the lead's own row (message, application, booking, trade-in, deal). */
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  locale: string;
  vehicleId: string | null;
  /** The visit that brought the shopper, when known. */
  source?: Record<string, string> | null;
};

/**
 * A lead entered into the inbox but not yet given to anyone: what `assignArrivingLead()` needs, last in
 * the same transaction.
 */
export type ArrivingLead = {
  lead: NewLead;
  customerId: string;
  /** The person who had this customer's leads held alike, while still active, in and of a role that may hold it. */
  returningAssignee: StaffAccountRow | null;
  /**
   * On PostgreSQL, for a lead that needs a turn: the turn being taken on a connection of its own while
   * the lead's transaction goes on writing (decision 146), started before the transaction began when it
   * was opened with `inLeadTransaction()` (decision 162). Null on SQLite (taken in the transaction) and
   * for a returning customer's lead.
   */
  turn: Promise<TakenTurn | null> | null;
  /** On PostgreSQL, the lead's inbox row, inserted by `assignArrivingLead()`; null once inserted (SQLite). */
  pendingRow: (() => Promise<NewLeadRow>) | null;
};

/** How many times a lead tries to take the turn it read before it waits in line under the role's lock instead. */
const TURN_ATTEMPTS = 5;

/**
 * A turn started by `inLeadTransaction()` before its transaction began, for the lead of `type` in
 * `locale` that the transaction will register; `used` once `registerLead()` has taken it for that lead.
 */
type EarlyTurn = { type: LeadType; locale: string; turn: Promise<TakenTurn | null>; used: boolean };

/** The push devices of a lead's assignee (`pushSubscriptionsOf()`). */
type Devices = Awaited<ReturnType<typeof pushSubscriptionsOf>>;

/**
 * A turn taken on the pool beside the transaction, with its person's push devices, read there as soon as the
 * turn is taken (decision 162): by the time the lead's assignment is written they are usually in.
 */
type TakenTurn = Turn & { devices: Promise<Devices> };

/** Takes a lead's turn on `outside` (`takeNextTurn()`) and starts reading its person's devices there. */
async function takeTurnWithDevices(outside: Db, lead: Pick<NewLead, "type" | "locale">, now: Date): Promise<TakenTurn | null> {
  const turn = await takeNextTurn(outside, lead, now);
  if (!turn) return null;
  const devices = pushSubscriptionsOf(outside, [turn.person.id]);
  // Handled here too: a lead that fails before it writes its assignment must not leave it unhandled.
  devices.catch(() => {});
  return { ...turn, devices };
}

/** The early turn of each lead transaction `inLeadTransaction()` opened, by its transaction object. */
const earlyTurns = new WeakMap<Db, EarlyTurn>();

/**
 * Runs `work`, which stores one new lead of `lead.type` in `lead.locale` and calls `registerLead()` and
 * `assignArrivingLead()` for it, in a transaction (`inTransaction`). On PostgreSQL the lead's turn is
 * started at once on a connection of its own, before the transaction's first statement, so it is
 * taken while the transaction writes the lead's own row and its customer instead of after them
 * (decision 162): most leads come from new customers, and the wait for a turn was the longest step
 * of a lead under load. A returning customer's lead goes to the person who had their leads and does
 * not use it: the turn is given back after the commit, as it is when the transaction rolls back.
 * On SQLite, or inside a transaction already open, the turn is taken in the transaction as before.
 */
export async function inLeadTransaction<T>(
  db: Db,
  lead: Pick<NewLead, "type" | "locale">,
  now: Date,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const outside = db.isTransaction ? undefined : autonomousDbOf(db);
  if (!outside) return inTransaction(db, work);
  const early: EarlyTurn = { type: lead.type, locale: lead.locale, turn: takeTurnWithDevices(outside, lead, now), used: false };
  // Handled here too: a transaction that fails before it waits for the turn must not leave it unhandled.
  early.turn.catch(() => {});
  let result: T;
  try {
    result = await inTransaction(db, (trx) => {
      earlyTurns.set(trx, early);
      return work(trx);
    });
  } catch (error) {
    // Rolled back: the turn is given back before the caller hears of the failure, used or not.
    await giveTurnBackOnceSettled(outside, early.turn);
    throw error;
  }
  if (!early.used) await giveTurnBackOnceSettled(outside, early.turn);
  return result;
}

/** Gives back `turn` (`giveTurnBack()`) once it is settled, if it was taken at all; never throws. */
async function giveTurnBackOnceSettled(outside: Db, turn: Promise<Turn | null>): Promise<void> {
  const taken = await turn.catch(() => null);
  if (taken) await giveTurnBack(outside, taken).catch(() => {});
}

/**
 * Enters a new lead into the inbox, in the transaction that stores the lead itself: finds or creates
 * its customer, and records the lead with its response clock, and an after-hours reply when the
 * dealership is closed (docs/decisions/074-one-lead-inbox-customers-and-assignment.md). Nobody holds it
 * yet: the caller writes the rest of its records and then calls `assignArrivingLead()` as the last step
 * of the transaction, which gives it to someone, writes its timeline's first entries and what the live
 * screens hear, and queues its mails (decisions 142 and 146). On PostgreSQL the inbox row itself is
 * written there too, held by its assignee from the start (decision 162).
 */
export async function registerLead(db: Db, lead: NewLead, now = new Date()): Promise<ArrivingLead> {
  return enterLead(db, lead, now, () => customerForLead(db, lead, now));
}

/**
 * `registerLead()` for a lead whose own row (message, trade-in request) is inserted here rather than before:
 * on PostgreSQL in one statement with its customer's reservation (decision 162: one round trip fewer for a
 * new shopper), elsewhere one after the other. `insertOwnRow` is the row's insert RETURNING it, with the id
 * `lead.id`; the row comes back as stored.
 */
export async function registerLeadWithItsRow<Row>(
  db: Db,
  lead: NewLead,
  insertOwnRow: (qb: QueryCreator<Database>) => OwnRowInsert<Row>,
  now = new Date(),
): Promise<{ row: Row; arriving: ArrivingLead }> {
  let row: Row | undefined;
  const arriving = await enterLead(db, lead, now, async () => {
    if (engineOf(db) !== "postgres") {
      row = await insertOwnRow(db).executeTakeFirstOrThrow();
      return customerForLead(db, lead, now);
    }
    const fresh = newCustomerForLead(lead, now);
    // Both inserts run to their end whatever the final select reads (PostgreSQL's WITH).
    const { reservedCustomerId, ...own } = await db
      // Typed as a row with an id for the statement (Kysely cannot type a CTE over any one table); `Row` below.
      .with("own", (qb) => insertOwnRow(qb) as unknown as InsertQueryBuilder<Database, "leads", { id: string }>)
      .with("reserved", (qb) => customerReservation(qb, fresh))
      .selectFrom("own")
      .selectAll("own")
      .select((eb) => eb.selectFrom("reserved").select("id").as("reservedCustomerId"))
      .executeTakeFirstOrThrow();
    row = own as Row;
    return customerForLead(db, lead, now, { row: fresh, inserted: reservedCustomerId !== null });
  });
  return { row: row!, arriving };
}

/** An own row's insert for `registerLeadWithItsRow()`: one row, returned as stored (RETURNING). */
type OwnRowInsert<Row> = { executeTakeFirstOrThrow(): Promise<Row> };

/** `registerLead()` with the step that finds or creates the lead's customer. */
async function enterLead(
  db: Db,
  lead: NewLead,
  now: Date,
  customerStep: () => Promise<{ customer: CustomerRow; created: boolean }>,
): Promise<ArrivingLead> {
  // The lead and everything it writes are one unit; a turn taken for it is given back if that unit rolls back.
  if (!db.isTransaction) throw new Error("registerLead: run it in the lead's transaction (inTransaction)");
  // The owner's response minutes are read beside the transaction while it finds the customer (decision 160).
  const responseDue = readBeside(db, (read) => responseDueFor(read, now));
  const { customer, created } = await customerStep();
  // A customer created just now has had no lead held by anyone (decision 142: one round trip fewer).
  const returningAssignee = created ? null : await returningAssigneeOf(db, customer.id, lead.type);
  const turn = returningAssignee ? null : turnFor(db, lead, now);
  const row = async (): Promise<NewLeadRow> => ({
    type: lead.type,
    id: lead.id,
    customerId: customer.id,
    assigneeId: null,
    locale: lead.locale,
    vehicleId: lead.vehicleId,
    name: `${lead.firstName} ${lead.lastName}`.trim(),
    email: lead.email,
    phone: lead.phone,
    createdAt: now.toISOString(),
    source: lead.source && Object.keys(lead.source).length ? JSON.stringify(lead.source) : null,
    // Its first response is due within the owner's minutes of opening hours (docs/behaviour.md §18).
    responseDueAt: await responseDue(),
  });
  // PostgreSQL: the inbox row is inserted by the statement that writes its assignment, already held by
  // its assignee (decision 162: one round trip fewer). Nothing reads it before then; no table refers to it.
  const pendingRow = engineOf(db) === "postgres" ? row : null;
  if (!pendingRow) await insertLead(db, await row());
  await answerAfterHours(
    db,
    { type: lead.type, id: lead.id, customerId: customer.id, firstName: lead.firstName, email: lead.email, locale: lead.locale },
    now,
  );
  return { lead, customerId: customer.id, returningAssignee, turn, pendingRow };
}

/**
 * The turn a new customer's lead takes on PostgreSQL: the one `inLeadTransaction()` started before the
 * transaction began, when it was started for this lead's kind and language; else one started now, beside
 * the rest of the lead's statements rather than after them (two round trips fewer to wait for). Null on
 * SQLite, where `assignArrivingLead()` takes it in the transaction.
 */
function turnFor(trx: Db, lead: NewLead, now: Date): Promise<TakenTurn | null> | null {
  const early = earlyTurns.get(trx);
  if (early && !early.used && early.type === lead.type && early.locale === lead.locale) {
    early.used = true;
    return early.turn;
  }
  const outside = autonomousOf(trx);
  return outside ? takeTurnBeside(trx, outside, lead, now) : null;
}

/**
 * Starts taking a lead's turn on `outside` (`takeNextTurn()`), beside its transaction `trx`. If `trx`
 * rolls back, the turn is given back once it is settled, before the caller hears of the rollback. Its
 * error, if any, reaches the lead where `assignArrivingLead()` waits for it.
 */
function takeTurnBeside(trx: Db, outside: Db, lead: NewLead, now: Date): Promise<TakenTurn | null> {
  const turn = takeTurnWithDevices(outside, lead, now);
  // Handled here too: a transaction that fails before it waits for the turn must not leave it unhandled.
  turn.catch(() => {});
  afterRollback(trx, async () => {
    const taken = await turn.catch(() => null);
    if (taken) await giveTurnBack(outside, taken).catch(() => {});
  });
  return turn;
}

/**
 * Gives an arriving lead to someone who may hold it and queues its mails, as the last step of the lead's
 * transaction: a returning customer to the person who had their leads held alike; anyone else in turn
 * among those who speak the lead's language, from the roles its kind names in order
 * (src/shared/leads/lead-kinds.ts): a salesperson, or for a financing application a finance person,
 * else an owner (decision 089); with nobody in, nobody. Its staff mails are addressed to the assignee
 * (`addressStaffMails()`); `mails` are all the lead's mails, queued here in one insert.
 *
 * The turn is taken outside the lead's transaction (`takeNextTurn()`, decision 146), so the lead holds no
 * salesperson's row while it writes and commits: leads never wait for one another's transactions. If
 * the lead's transaction then rolls back, the turn is given back.
 */
export async function assignArrivingLead(
  db: Db,
  env: ServerEnv,
  arriving: ArrivingLead,
  mails: NewMail[],
  now = new Date(),
): Promise<StaffAccountRow | null> {
  if (!db.isTransaction) throw new Error("assignArrivingLead: run it last in the lead's transaction (inTransaction)");
  const { lead, returningAssignee } = arriving;
  if (returningAssignee) {
    await writeAssignment(db, env, arriving, returningAssignee, mails, now);
    return returningAssignee;
  }
  // PostgreSQL: taken since `registerLead()` on a connection of its own, where it commits at once. SQLite:
  // here, in the lead's transaction (one writer: nobody else can take a turn meanwhile, and a rollback
  // takes the turn back with the rest).
  const turn: Turn | TakenTurn | null = await (arriving.turn ?? takeNextTurn(db, lead, now));
  const assignee = turn && { ...turn.person, lastAssignedAt: turn.stamp };
  await writeAssignment(db, env, arriving, assignee, mails, now, turn && "devices" in turn ? (turn as TakenTurn).devices : undefined);
  return assignee;
}

/**
 * Takes the turn of whoever should hold a new lead, from the first of its kind's roles that has anyone in:
 * reads whose turn it is without a lock and takes it with a compare-and-set (`takeTurnOnce()`: on
 * PostgreSQL one statement that commits by itself on `db` outside a transaction). A lead that lost the
 * race (another took that turn between the read and the write) tries again: the winner has committed, so
 * it reads the next turn. After TURN_ATTEMPTS losses it waits in line in a short transaction that locks the role
 * (`claimNextAssignee()`). Null when nobody is in.
 */
async function takeNextTurn(db: Db, lead: Pick<NewLead, "type" | "locale">, now: Date): Promise<Turn | null> {
  const roles = LEAD_KINDS[lead.type].assignTo;
  attempts: for (let attempt = 0; attempt < TURN_ATTEMPTS; attempt++) {
    for (const role of roles) {
      const turn = await takeTurnOnce(db, lead.locale, now, role);
      if (turn === "lost") continue attempts;
      if (turn) return turn;
    }
    return null;
  }
  return inTransaction(db, async (trx) => {
    let turn: Turn | null = null;
    for (const role of roles) turn ??= await claimNextAssignee(trx, lead.locale, now, role);
    return turn;
  });
}

/** What depends on who holds the lead: the inbox row's assignee, the timeline, live screens, pushes, and its mails. */
async function writeAssignment(
  db: Db,
  env: ServerEnv,
  arriving: ArrivingLead,
  assignee: StaffAccountRow | null,
  mails: NewMail[],
  now: Date,
  /** The assignee's devices, when their read started with the turn (`takeTurnWithDevices()`). */
  devicesOfTurn?: Promise<Devices>,
): Promise<void> {
  const { lead, customerId } = arriving;
  // The lead's first timeline entry and what the live screens hear of its arrival are written here, with
  // what depends on its assignee, each kind in one insert (decision 142).
  const entered: NewLeadEvent = { customerId, leadType: lead.type, leadId: lead.id, kind: "lead" };
  const financeRecipients = LEAD_KINDS[lead.type].confidential ? await holderRecipients(db, lead.type, assignee) : null;
  const addressed = addressStaffMails(env, mails, { assignee, financeRecipients });
  // Held by nobody: the inbox row not yet inserted (PostgreSQL) goes in on its own.
  if (arriving.pendingRow && !assignee) await insertLead(db, await arriving.pendingRow());
  if (!assignee) {
    await recordStaffEvents(db, arrivalEvents(lead.type, lead.id), now);
    await insertLeadEvents(db, [entered], now);
    await enqueueMails(db, addressed, now);
    return;
  }
  const assigned: NewLeadEvent = {
    customerId,
    leadType: lead.type,
    leadId: lead.id,
    kind: "assigned",
    data: { assigneeId: assignee.id, by: "turn" },
  };
  // The assignee's phone hears of it within seconds (decision 112), through the push outbox.
  const pushLead = { type: lead.type, id: lead.id, customerId, firstName: lead.firstName, vehicleId: lead.vehicleId, locale: lead.locale };
  // The assignee's devices are read beside the transaction while it writes (decision 160), from the moment
  // their turn was taken when it was (decision 162).
  const devices = devicesOfTurn ? () => devicesOfTurn : readBeside(db, (read) => pushSubscriptionsOf(read, [assignee.id]));
  if (engineOf(db) === "postgres") {
    await writeAssignmentInOneStatement(
      db,
      lead,
      arriving.pendingRow && (await arriving.pendingRow()),
      assignee.id,
      [entered, assigned],
      addressed,
      now,
    );
  } else {
    // The live screens hear "lead.created" (and the kind's own event), then "lead.assigned".
    await assignLead(db, lead.type, lead.id, assignee.id, arrivalEvents(lead.type, lead.id), now);
    await insertLeadEvents(db, [entered, assigned], now);
    await enqueueMails(db, addressed, now);
  }
  await queueLeadPushesToDevices(db, "new-lead", await devices(), pushLead, now);
}

/**
 * PostgreSQL: a new lead's assignee, its timeline entries, the live screens' events with their NOTIFYs
 * ("lead.created", the kind's own, then "lead.assigned", in that order) and its mails, in one statement
 * (decision 160) where `assignLead()`, `insertLeadEvents()`, `recordStaffEvents()` and `enqueueMails()`
 * take four round trips. The lead's inbox row is inserted here, already held (`pendingRow`, decision 162),
 * or was inserted earlier in the same transaction, so the update always changes it: either way
 * "lead.assigned" is always heard.
 */
async function writeAssignmentInOneStatement(
  db: Db,
  lead: NewLead,
  /** The lead's inbox row when it is not inserted yet: inserted here, held by `assigneeId` (decision 162). */
  pendingRow: NewLeadRow | null,
  assigneeId: string,
  timeline: NewLeadEvent[],
  mails: NewMail[],
  now: Date,
): Promise<void> {
  const heard: NewStaffEvent[] = [
    ...arrivalEvents(lead.type, lead.id),
    { name: "lead.assigned", subjectType: lead.type, subjectId: lead.id, area: leadEventArea(lead.type) },
  ];
  const written = db
    .with("assigned", (qb) =>
      pendingRow ? leadInsert(qb, { ...pendingRow, assigneeId }) : assigneeUpdate(qb, lead.type, lead.id, assigneeId),
    )
    .with("timeline", (qb) => qb.insertInto("leadEvents").values(leadEventRows(timeline, now)));
  // Every data-modifying CTE runs to its end whether or not the final select reads it (PostgreSQL's WITH).
  const queued = mails.length ? written.with("mails", (qb) => qb.insertInto("outbox").values(outboxRows(mails, now))) : written;
  await queued
    .with("heard", (qb) => qb.insertInto("staffEvents").values(staffEventRows(heard, now)).returningAll())
    .selectFrom("heard")
    .select(staffEventNotification().as("notified"))
    .orderBy("id")
    .execute();
  if (mails.length) announceMailsAtCommit(db);
}

/**
 * What the live screens hear of a new lead (decision 110): the inbox's event and the kind's own screen's;
 * "lead.assigned" follows once someone holds it (`assignLead()` in `writeAssignment()`), in the same transaction.
 */
function arrivalEvents(type: LeadType, id: string): NewStaffEvent[] {
  const created = createdEventOf(type);
  return [
    { name: "lead.created", subjectType: type, subjectId: id, area: leadEventArea(type) },
    ...(created ? [{ name: created.name, subjectType: type, subjectId: id, area: created.area }] : []),
  ];
}

/** The person who had this customer's leads held alike (a financing application's, or any other), while active, in, and of a role that may hold it. */
async function returningAssigneeOf(db: Db, customerId: string, type: LeadType): Promise<StaffAccountRow | null> {
  const previousId = await lastAssigneeOfCustomer(db, customerId, typesHeldLike(type));
  const previous = previousId ? await findStaffAccount(db, previousId) : null;
  return previous && previous.disabled === 0 && previous.away === 0 && mayHoldLead(previous.role, type) ? previous : null;
}

/** A confidential lead's assignee, else (everyone away) every active account that may hold it. */
async function holderRecipients(db: Db, type: LeadType, assignee: StaffAccountRow | null): Promise<string[]> {
  if (assignee) return [assignee.email.toLowerCase()];
  const holders = (await listStaffAccounts(db)).filter((row) => row.disabled === 0 && mayHoldLead(row.role, type));
  return holders.map((row) => row.email.toLowerCase());
}

/**
 * Who gets a lead's staff mail: its assignee, and LEADS_TO when set (it still gets every lead but
 * financing applications); the business address only when neither exists, so a lead always reaches someone.
 */
export function staffMailRecipients(env: ServerEnv, assignee: Pick<StaffAccountRow, "email"> | null): string[] {
  const recipients = [assignee?.email, env.leadsTo].filter((address): address is string => Boolean(address));
  return recipients.length ? [...new Set(recipients.map((address) => address.toLowerCase()))] : [staffLeadsAddress(env)];
}

/**
 * The lead's mails with each staff notification (kind `*-staff`) addressed to every staff
 * recipient: one mail with several addresses, so a lead still has one staff mail to follow. A financing
 * application's goes to finance and owner accounts only (decision 089); with none active at all, to the
 * business address, so it still reaches the dealership.
 */
function addressStaffMails(
  env: ServerEnv,
  mails: NewMail[],
  registered: {
    assignee: StaffAccountRow | null;
    /**
     * A confidential kind's staff mail (a financing application's) goes to these accounts alone: its
     * assignee, else every active account that may hold it; never LEADS_TO. Null for every other kind.
     */
    financeRecipients: string[] | null;
  },
): NewMail[] {
  const recipients = registered.financeRecipients
    ? registered.financeRecipients.length
      ? registered.financeRecipients
      : [businessProfile.email]
    : staffMailRecipients(env, registered.assignee);
  const to = recipients.join(", ");
  return mails.map((mail) => (mail.kind.endsWith("-staff") ? { ...mail, to } : mail));
}
