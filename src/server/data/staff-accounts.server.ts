import crypto from "node:crypto";
import type { Db } from "~/server/db/database.server";
import { engineOf, isUniqueViolation } from "~/server/db/dialect.server";
import type { Selectable } from "kysely";
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

/**
 * Gives the next new lead in `locale` to someone of `role`, in turn: among active staff of that role who
 * are not away, those who speak the lead's language (everyone when none does), the one who has
 * waited longest for a lead. The turn is reserved before it is used: the update only applies
 * while the person's last assignment is still what was read, so two leads arriving at once (two
 * processes on one PostgreSQL database) cannot both take the same turn. Null when nobody is in.
 */
export async function claimNextAssignee(db: Db, locale: string, now = new Date(), role: StaffRole = "sales"): Promise<StaffAccountRow | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    let presentQuery = db.selectFrom("staffAccounts").selectAll().where("role", "=", role).where("disabled", "=", 0).where("away", "=", 0);
    // On PostgreSQL the role's rows are locked first, all of them, in one order (by id) until the lead's
    // transaction ends: a claim that lost its race used to keep the row it had waited for locked (a failed
    // re-check still locks) and then wait for another's, and four such leads deadlocked (40P01, a 500 to
    // the shopper). Leads of one role now take their turns one after another. SQLite has one writer.
    if (engineOf(db) === "postgres") presentQuery = presentQuery.orderBy("id").forUpdate();
    const present = await presentQuery.execute();
    const speakers = present.filter((row) => staffLanguages(row).includes(locale as Locale));
    const pool = (speakers.length ? speakers : present).sort(
      (a, b) => (a.lastAssignedAt ?? "").localeCompare(b.lastAssignedAt ?? "") || a.id.localeCompare(b.id),
    );
    const next = pool[0];
    if (!next) return null;
    // Strictly later than anyone's turn so far, so the order holds even within one millisecond.
    const latest = present.reduce((max, row) => (row.lastAssignedAt && row.lastAssignedAt > max ? row.lastAssignedAt : max), "");
    const stamp = new Date(Math.max(now.getTime(), latest ? Date.parse(latest) + 1 : 0)).toISOString();
    const claimed = await db
      .updateTable("staffAccounts")
      .set({ lastAssignedAt: stamp })
      .where("id", "=", next.id)
      .where((eb) => (next.lastAssignedAt === null ? eb("lastAssignedAt", "is", null) : eb("lastAssignedAt", "=", next.lastAssignedAt)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) > 0) return { ...next, lastAssignedAt: stamp };
  }
  return null;
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
