import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Extra header fields of an outgoing mail, as JSON text (null: none): an alert mail's
 * `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 2369 §3.2, RFC 8058 §3.1;
 * docs/decisions/116-one-click-unsubscribe.md). Written with the mail, in its transaction.
 */
export const outboxHeadersMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable("outbox").addColumn("headers", "text").execute();
  },
};
