import crypto from "node:crypto";
import type { Db } from "~/server/db/database.server";
import { engineOf, isUniqueViolation } from "~/server/db/dialect.server";
import { sql, type Selectable } from "kysely";
import type { StaffAccountTable } from "~/server/db/schema.server";
import { isLocale, type Locale } from "~/shared/i18n/locales";
import type { StaffRole } from "~/shared/staff/staff-roles";

export type StaffAccountRow = Selectable<StaffAccountTable>;

/** What the staff list and every API answer may show: never the hash, secret or step. */
export type StaffAccountSummary = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  hasPassword: boolean;
  mfaEnrolled: boolean;
  /** The languages they answer leads in. */
  languages: Locale[];
  /** Away: no new lead is assigned to them. */
  away: boolean;
  createdAt: string;
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function summarizeStaffAccount(row: StaffAccountRow): StaffAccountSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled === 1,
    hasPassword: row.passwordHash !== null,
    mfaEnrolled: row.totpEnrolledAt !== null,
    languages: staffLanguages(row),
    away: row.away === 1,
    createdAt: row.createdAt,
  };
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this e-mail already exists.");
  }
}

export async function insertStaffAccount(
  db: Db,
  input: { email: string; name: string; role: StaffRole; passwordHash?: string | null },
  now = new Date(),
): Promise<StaffAccountRow> {
  const at = now.toISOString();
  const row: StaffAccountRow = {
    id: crypto.randomUUID(),
    email: normalizeEmail(input.email),
    name: input.name,
    role: input.role,
    passwordHash: input.passwordHash ?? null,
    totpSecretEnc: null,
    totpEnrolledAt: null,
    totpLastStep: null,
    disabled: 0,
    createdAt: at,
    updatedAt: at,
    languages: "en",
    away: 0,
    lastAssignedAt: null,
    deviceGeneration: 0,
    quietStartMinute: null,
    quietEndMinute: null,
  };
  try {
    await db.insertInto("staffAccounts").values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
  return row;
}

export async function countStaffAccounts(db: Db): Promise<number> {
  const row = await db.selectFrom("staffAccounts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findStaffAccountByEmail(db: Db, email: string): Promise<StaffAccountRow | null> {
  return (await db.selectFrom("staffAccounts").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst()) ?? null;
}

export async function findStaffAccount(db: Db, id: string): Promise<StaffAccountRow | null> {
  return (await db.selectFrom("staffAccounts").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Every account, owners first, then by name. */
export async function listStaffAccounts(db: Db): Promise<StaffAccountRow[]> {
  const rows = await db.selectFrom("staffAccounts").selectAll().orderBy("name").orderBy("email").execute();
  return rows.sort((a, b) => Number(b.role === "owner") - Number(a.role === "owner"));
}

export async function countActiveOwners(db: Db, exceptId?: string): Promise<number> {
  let q = db
    .selectFrom("staffAccounts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "owner")
    .where("disabled", "=", 0);
  if (exceptId) q = q.where("id", "<>", exceptId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Moves the account's device generation on: every device cookie it issued before stops counting as trusted. */
export async function revokeDeviceCookiesOf(db: Db, id: string): Promise<void> {
  await db
    .updateTable("staffAccounts")
    .set((eb) => ({ deviceGeneration: eb("deviceGeneration", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

export async function updateStaffAccount(
  db: Db,
  id: string,
  changes: Partial<
    Pick<StaffAccountRow, "name" | "role" | "disabled" | "passwordHash" | "totpSecretEnc" | "totpEnrolledAt" | "totpLastStep" | "languages" | "away">
  >,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("staffAccounts")
    .set({ ...changes, updatedAt: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Stores the step of an accepted TOTP code only if it is newer than the stored one: two
 * requests racing with the same code cannot both win. False when the step was already used.
 */
export async function claimTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable("staffAccounts")
    .set({ totpLastStep: step })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("totpLastStep", "is", null), eb("totpLastStep", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The locales a staff member answers in, from the stored comma-separated list. */
export function staffLanguages(row: Pick<StaffAccountRow, "languages">): Locale[] {
  return row.languages.split(",").filter(isLocale);
}

/** A turn to hold a new lead: the person whose turn it is, and the time their turn is stamped with. */
export type Turn = { person: StaffAccountRow; stamp: string };

/**
 * Whose turn it is among `present` (active staff of one role, not away) for a lead in `locale`: those
 * who speak the lead's language (everyone when none does), the one who has waited longest for a lead
 * (ties by id). The stamp is strictly later than anyone's turn so far, so the order holds even within
 * one millisecond. Null when nobody is in.
 */
function turnAmong(present: StaffAccountRow[], locale: string, now: Date): Turn | null {
  const speakers = present.filter((row) => staffLanguages(row).includes(locale as Locale));
  const pool = (speakers.length ? speakers : present).sort(
    (a, b) => (a.lastAssignedAt ?? "").localeCompare(b.lastAssignedAt ?? "") || a.id.localeCompare(b.id),
  );
  const person = pool[0];
  if (!person) return null;
  const latest = present.reduce((max, row) => (row.lastAssignedAt && row.lastAssignedAt > max ? row.lastAssignedAt : max), "");
  return { person, stamp: new Date(Math.max(now.getTime(), latest ? Date.parse(latest) + 1 : 0)).toISOString() };
}

const presentOfRole = (db: Db, role: StaffRole) =>
  db.selectFrom("staffAccounts").selectAll().where("role", "=", role).where("disabled", "=", 0).where("away", "=", 0);

/**
 * Whose turn it is for a new lead in `locale` among staff of `role`, as committed now: a plain read that
 * locks nothing and reserves nothing. The turn is the lead's only once `takeTurn()` succeeds
 * (decision 135). Null when nobody is in.
 */
export async function nextTurn(db: Db, locale: string, now = new Date(), role: StaffRole = "sales"): Promise<Turn | null> {
  return turnAmong(await presentOfRole(db, role).execute(), locale, now);
}

/**
 * Takes a turn read by `nextTurn()`: stamps the person's last assignment only while it is still what was
 * read and they are still active, of the role and in. False when another lead took that turn first (or
 * the person left): then nothing was written, but on PostgreSQL a statement that waited for the other
 * lead's row keeps that row locked after its re-check failed, until its transaction ends. Decision 146
 * takes it in a statement of its own, outside the lead's transaction, so that is at once.
 */
export async function takeTurn(db: Db, turn: Turn): Promise<boolean> {
  const { person, stamp } = turn;
  const taken = await db
    .updateTable("staffAccounts")
    .set({ lastAssignedAt: stamp })
    .where("id", "=", person.id)
    .where("role", "=", person.role)
    .where("disabled", "=", 0)
    .where("away", "=", 0)
    .where((eb) => (person.lastAssignedAt === null ? eb("lastAssignedAt", "is", null) : eb("lastAssignedAt", "=", person.lastAssignedAt)))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/**
 * Reads whose turn it is among staff of `role` for a lead in `locale` (as `nextTurn()` chooses) and takes it
 * (as `takeTurn()` does), as one try: the turn, "lost" when another lead took that turn between the read and
 * the write (nothing written: try again), or null when nobody of the role is in. On PostgreSQL both are one
 * statement, one round trip (decision 148): the same choice in SQL (speakers of the lead's language first,
 * then the longest wait, ties by id; a stamp strictly later than anyone's) and the same compare-and-set.
 * The statement first locks the role's present staff, all of them, in id order (decision 162): turns taken
 * at the same time, in any process, wait for one another inside PostgreSQL for as long as one statement
 * runs, and each reads the stamps the one before it committed (READ COMMITTED re-reads a row it waited
 * for), so none loses its race and none needs a second round trip. Run it outside any transaction (it
 * commits by itself), or the role stays locked until that transaction ends. SQLite reads and writes in two
 * statements (in the lead's transaction, with one writer nobody races it).
 */
export async function takeTurnOnce(db: Db, locale: string, now: Date, role: StaffRole): Promise<Turn | "lost" | null> {
  if (engineOf(db) !== "postgres") {
    const turn = await nextTurn(db, locale, now, role);
    return turn && ((await takeTurn(db, turn)) ? turn : "lost");
  }
  const { rows } = await sql<StaffAccountRow & { stamp: string; taken: boolean }>`
    with present as (
      select * from staff_accounts where role = ${role} and disabled = 0 and away = 0 order by id for update
    ), pool as (
      select * from present where ${locale} = any(string_to_array(languages, ','))
      union all
      select * from present where not exists (select 1 from present where ${locale} = any(string_to_array(languages, ',')))
    ), chosen as (
      select * from pool order by coalesce(last_assigned_at, '') collate "C", id collate "C" limit 1
    ), next_stamp as (
      select greatest(
        ${now.toISOString()}::text,
        to_char((max(last_assigned_at)::timestamptz + interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ) as stamp from present
    ), taken as (
      update staff_accounts s set last_assigned_at = (select stamp from next_stamp)
      from chosen
      where s.id = chosen.id and s.role = ${role} and s.disabled = 0 and s.away = 0
        and s.last_assigned_at is not distinct from chosen.last_assigned_at
      returning s.id
    )
    select chosen.*, (select stamp from next_stamp) as stamp, exists (select 1 from taken) as taken from chosen`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const { stamp, taken, ...person } = row;
  return taken ? { person, stamp } : "lost";
}

/**
 * Gives the next new lead in `locale` to someone of `role` in turn (as `nextTurn()` chooses), waiting in
 * line for it: on PostgreSQL the role's present staff are locked first, all of them, in one order (by
 * id), until the transaction ends, so leads of one role that come here take their turns one after
 * another and never deadlock (a claim that lost its race used to keep the row it had waited for locked
 * and then wait for another's: 40P01, decision 074). SQLite has one writer. The turn is still reserved
 * before it is used (`takeTurn()`). Null when nobody is in. A lead comes here only after it lost the
 * race for its turn several times over (decision 146), in a short transaction of its own.
 */
export async function claimNextAssignee(db: Db, locale: string, now = new Date(), role: StaffRole = "sales"): Promise<Turn | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    let presentQuery = presentOfRole(db, role);
    if (engineOf(db) === "postgres") presentQuery = presentQuery.orderBy("id").forUpdate();
    const turn = turnAmong(await presentQuery.execute(), locale, now);
    if (!turn) return null;
    if (await takeTurn(db, turn)) return turn;
  }
  return null;
}

/**
 * Gives back a turn taken for a lead that was then not stored (its transaction rolled back, decision
 * 146): the person's last assignment goes back to what it was, unless another lead has stamped it since.
 */
export async function giveTurnBack(db: Db, turn: Turn): Promise<void> {
  await db
    .updateTable("staffAccounts")
    .set({ lastAssignedAt: turn.person.lastAssignedAt })
    .where("id", "=", turn.person.id)
    .where("lastAssignedAt", "=", turn.stamp)
    .execute();
}

/** A person's quiet hours for pushes, as stored (minutes of the day on the dealership's clock; null: none). */
export async function quietHoursOf(db: Db, id: string): Promise<{ startMinute: number; endMinute: number } | null> {
  const row = await db.selectFrom("staffAccounts").select(["quietStartMinute", "quietEndMinute"]).where("id", "=", id).executeTakeFirst();
  if (!row || row.quietStartMinute === null || row.quietEndMinute === null) return null;
  return { startMinute: row.quietStartMinute, endMinute: row.quietEndMinute };
}

/** A person's quiet hours for pushes (minutes of the day on the dealership's clock; both null: none). */
export async function setQuietHours(db: Db, id: string, startMinute: number | null, endMinute: number | null): Promise<void> {
  await db.updateTable("staffAccounts").set({ quietStartMinute: startMinute, quietEndMinute: endMinute }).where("id", "=", id).execute();
}
