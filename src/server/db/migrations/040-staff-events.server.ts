import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { autoIncrementId } from "../dialect.server";

/**
 * What the staff app's live screens hear (docs/decisions/110-staff-events-stored-with-the-change.md):
 * one row per change, written in the change's own transaction, numbered by the database so a stream
 * can resume after the last number it saw (`Last-Event-ID`). Only ids and the staff area that may see
 * it; never a shopper's details. Kept a day (pruned by created_at).
 */
export const staffEventsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("staff_events")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("subject_type", "text", (c) => c.notNull())
      .addColumn("subject_id", "text", (c) => c.notNull())
      .addColumn("area", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("staff_events_created_at").on("staff_events").column("created_at").execute();
  },
};
