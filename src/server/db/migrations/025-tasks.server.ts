import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Follow-up tasks on a customer (docs/decisions/077-customer-record-replies-and-tasks.md): a call,
 * text, e-mail or other thing to do by a time, given to one staff member, optionally about one of
 * the customer's leads; done when `done_at` is set. The Today view reads them by assignee and due
 * time, so that pair is indexed. Kysely's builders only, so it runs on SQLite and PostgreSQL alike.
 */
export const tasksMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("tasks")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("customer_id", "text", (c) => c.notNull())
      .addColumn("lead_type", "text")
      .addColumn("lead_id", "text")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("due_at", "text", (c) => c.notNull())
      .addColumn("assignee_id", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("done_at", "text")
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("tasks_assignee_due").on("tasks").columns(["assignee_id", "due_at"]).execute();
    await db.schema.createIndex("tasks_customer").on("tasks").columns(["customer_id", "due_at"]).execute();
  },
};
