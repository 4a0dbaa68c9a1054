import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Decision 056: one row per throttle key ("email:…", "client:…", "device:…"), locked by
 * an upsert at the start of each sign-in attempt's reservation. The lock makes "count the window,
 * then reserve" one step per key on every process: PostgreSQL's READ COMMITTED alone let 300
 * parallel codes all count the same few failures. SQLite's transactions are serial anyway.
 */
export const signInLocksMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("staff_sign_in_locks")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("locked_at", "text", (c) => c.notNull())
      .execute();
  },
};
