import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A staff account's device generation (decision 088): every device cookie it issues names it, and
 * "sign out everywhere", a password change or set, and a second-factor reset move it on, so every
 * device cookie issued before stops counting as a trusted browser. The cookie was stateless: a stolen
 * one stayed trusted for its 180 days whatever the account did (review I-1).
 */
export const deviceGenerationMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("staff_accounts")
      .addColumn("device_generation", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
