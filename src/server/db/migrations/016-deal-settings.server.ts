import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The owner's deal settings (decision 066): documentation fee, sales tax, the RMV's fees, APR by
 * credit band and the terms offered, which every out-the-door estimate and advertised price reads.
 * One row (id 1) holding the settings as JSON text, so the shape can grow without a migration and
 * stays dialect-neutral; `updated_at` is part of the stock version the page caches key on, since
 * the documentation fee is part of every advertised price. No row: the built-in defaults.
 */
export const dealSettingsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("deal_settings")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("settings", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .execute();
  },
};
