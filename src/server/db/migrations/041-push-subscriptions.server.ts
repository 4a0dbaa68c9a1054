import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Web Push (decision 111): each staff member's devices (a browser's PushSubscription: its endpoint and
 * its keys) and their quiet hours (minutes of the day on the dealership's clock; both null: none).
 */
export const pushSubscriptionsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("push_subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("staff_id", "text", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
      // One device, one row: the push service's URL names the device's subscription.
      .addColumn("endpoint", "text", (c) => c.notNull().unique())
      .addColumn("p256dh", "text", (c) => c.notNull())
      .addColumn("auth", "text", (c) => c.notNull())
      .addColumn("device", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_sent_at", "text")
      .execute();
    await db.schema.createIndex("push_subscriptions_staff").on("push_subscriptions").column("staff_id").execute();
    await db.schema.alterTable("staff_accounts").addColumn("quiet_start_minute", "integer").execute();
    await db.schema.alterTable("staff_accounts").addColumn("quiet_end_minute", "integer").execute();
  },
};
