import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { autoIncrementId } from "../dialect.server";

/**
 * The push outbox (decision 112): a push is written in the transaction of what it is about, one row per
 * device, then sent by a worker that claims rows (so two processes never send one twice), retries with
 * backoff while the push service is down, and drops a row whose device the push service says is gone.
 */
export const pushOutboxMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("push_outbox")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("subscription_id", "text", (c) => c.notNull().references("push_subscriptions.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      // JSON: the notification's title, body and URL (encrypted for the device when sent, RFC 8291).
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("due_at", "text", (c) => c.notNull())
      .addColumn("next_attempt_at", "text", (c) => c.notNull())
      .addColumn("claimed_by", "text")
      .addColumn("claimed_until", "text")
      .addColumn("last_error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("sent_at", "text")
      .execute();
    await db.schema.createIndex("push_outbox_queued").on("push_outbox").columns(["status", "next_attempt_at"]).execute();
    await db.schema.createIndex("push_outbox_subscription").on("push_outbox").column("subscription_id").execute();
  },
};
