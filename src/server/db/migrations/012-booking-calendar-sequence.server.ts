import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Decision 058: the SEQUENCE of a booking's calendar event (RFC 5545
 * §3.8.7.4). The shopper's calendar keeps the event a mail sent them; a later update or
 * CANCEL only replaces it when its SEQUENCE is higher, so the number each mail carried has
 * to be remembered. Existing bookings were sent SEQUENCE 0 (no SEQUENCE property means 0).
 * Kysely's builders only, so it runs on SQLite and PostgreSQL alike.
 */
export const bookingCalendarSequenceMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("bookings")
      .addColumn("calendar_sequence", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
