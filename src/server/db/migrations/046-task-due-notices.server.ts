import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A task's due notice (docs/decisions/126-task-due-notices-claimed-once.md): `notified_due_at` holds
 * the due time whose `task.due` event and push were sent, set by the one sweep that claims it. A task is
 * waiting for its notice while it is open, due, and that column differs from `due_at` (never sent, or
 * the due time moved since). A partial index holds the open tasks only, by due time, for the sweep.
 * Tasks already due when this runs count as notified: a deployment does not push every old task at once.
 */
export const taskDueNoticesMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable("tasks").addColumn("notified_due_at", "text").execute();
    await db
      .updateTable("tasks")
      .set({ notified_due_at: sql.ref("due_at") })
      .where("due_at", "<=", new Date().toISOString())
      .execute();
    await db.schema.createIndex("tasks_open_by_due").on("tasks").column("due_at").where(sql.ref("done_at"), "is", null).execute();
  },
};
