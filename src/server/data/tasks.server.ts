import crypto from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { TaskKind, TaskTable } from "~/server/db/schema.server";

export type TaskRow = Selectable<TaskTable>;

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
  await db.insertInto("tasks").values(row).execute();
  return row;
}

export async function findTask(db: Db, id: string): Promise<TaskRow | null> {
  return (await db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
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
  return db.selectFrom("tasks").selectAll().where("customerId", "=", customerId).orderBy("dueAt").orderBy("id").execute();
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
    .selectAll("tasks")
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
