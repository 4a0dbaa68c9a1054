import crypto from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { TaskKind, TaskTable } from "~/server/db/schema.server";
import { recordStaffEvent } from "./staff-events.server";

/** A task as the screens and the API show it (the notice's bookkeeping stays in here). */
export type TaskRow = Omit<Selectable<TaskTable>, "notifiedDueAt">;

const TASK_FIELDS = [
  "id",
  "customerId",
  "leadType",
  "leadId",
  "kind",
  "dueAt",
  "assigneeId",
  "note",
  "doneAt",
  "createdBy",
  "createdAt",
] as const satisfies readonly (keyof TaskRow)[];
const TASK_COLUMNS = TASK_FIELDS.map((field) => `tasks.${field}` as const);

export type NewTask = {
  customerId: string;
  leadType: string | null;
  leadId: string | null;
  kind: TaskKind;
  dueAt: string;
  assigneeId: string;
  note: string;
  createdBy: string;
};

export async function insertTask(db: Db, task: NewTask, now = new Date()): Promise<TaskRow> {
  const row: TaskRow = { id: crypto.randomUUID(), ...task, doneAt: null, createdAt: now.toISOString() };
  await db
    .insertInto("tasks")
    .values({ ...row, notifiedDueAt: null })
    .execute();
  return row;
}

export async function findTask(db: Db, id: string): Promise<TaskRow | null> {
  return (await db.selectFrom("tasks").select(TASK_COLUMNS).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Ticks a task off (keeping the first time it was done) or opens it again. False when no such task. */
export async function setTaskDone(db: Db, id: string, done: boolean, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("tasks")
    .set((eb) => ({ doneAt: done ? eb.fn.coalesce("doneAt", eb.val(now.toISOString())) : null }))
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listCustomerTasks(db: Db, customerId: string): Promise<TaskRow[]> {
  return db.selectFrom("tasks").select(TASK_COLUMNS).where("customerId", "=", customerId).orderBy("dueAt").orderBy("id").execute();
}

export type TaskFilter = {
  /** Only this person's tasks; every task when absent. */
  assigneeId?: string;
  /** Only open tasks due before this instant (ISO); every task, done ones too, when absent. */
  openDueBefore?: string;
};

/** Tasks by due time, soonest first, each with its customer's name. */
export async function listTasks(db: Db, filter: TaskFilter, limit = 500): Promise<(TaskRow & { customerName: string })[]> {
  let q = db
    .selectFrom("tasks")
    .innerJoin("customers", "customers.id", "tasks.customerId")
    .select(TASK_COLUMNS)
    .select(["customers.firstName", "customers.lastName"]);
  if (filter.assigneeId) q = q.where("tasks.assigneeId", "=", filter.assigneeId);
  if (filter.openDueBefore) q = q.where("tasks.doneAt", "is", null).where("tasks.dueAt", "<", filter.openDueBefore);
  const rows = await q.orderBy("tasks.dueAt").orderBy("tasks.id").limit(limit).execute();
  return rows.map(({ firstName, lastName, ...task }) => ({ ...task, customerName: `${firstName} ${lastName}`.trim() }));
}

/** Moves every task of one customer to another (a merge). */
export async function moveCustomerTasks(db: Db, fromCustomerId: string, toCustomerId: string): Promise<void> {
  await db.updateTable("tasks").set({ customerId: toCustomerId }).where("customerId", "=", fromCustomerId).execute();
}

/** How many open tasks of one person are due before an instant (the Today view's count). */
export async function countOpenTasksDue(db: Db, assigneeId: string, beforeIso: string): Promise<number> {
  const row = await db
    .selectFrom("tasks")
    .select(sql<number>`count(*)`.as("n"))
    .where("assigneeId", "=", assigneeId)
    .where("dueAt", "<", beforeIso)
    .where("doneAt", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Open tasks whose due time has come by `now` and whose notice for that due time is not sent yet
 * (decision 126), the earliest first. The partial index of migration 046 holds only open tasks.
 */
export async function tasksComingDue(db: Db, now: Date, limit = 50): Promise<{ id: string; dueAt: string }[]> {
  return db
    .selectFrom("tasks")
    .select(["id", "dueAt"])
    .where("doneAt", "is", null)
    .where("dueAt", "<=", now.toISOString())
    .where((eb) => eb.or([eb("notifiedDueAt", "is", null), eb("notifiedDueAt", "<>", eb.ref("dueAt"))]))
    .orderBy("dueAt")
    .limit(limit)
    .execute();
}

/**
 * Reserves a task's due notice for the caller, in the caller's transaction: the task, for exactly one
 * caller however many processes try at once, and only while it is still open, due and not notified for
 * its present due time (a task ticked off, deleted or moved later meanwhile is not returned). The
 * `task.due` staff event is written in the same transaction, for the people who see tasks.
 */
export async function claimTaskDue(db: Db, id: string, now: Date): Promise<TaskRow | null> {
  const claimed = await db
    .updateTable("tasks")
    .set((eb) => ({ notifiedDueAt: eb.ref("dueAt") }))
    .where("id", "=", id)
    .where("doneAt", "is", null)
    .where("dueAt", "<=", now.toISOString())
    .where((eb) => eb.or([eb("notifiedDueAt", "is", null), eb("notifiedDueAt", "<>", eb.ref("dueAt"))]))
    .returning(TASK_FIELDS)
    .executeTakeFirst();
  if (!claimed) return null;
  await recordStaffEvent(db, { name: "task.due", subjectType: "task", subjectId: id, area: "today" }, now);
  return claimed;
}
