import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Decisions 095 and 097: a financing application records the action taken on it and when the
 * applicant was told (approved, declined, withdrawn), from which Regulation B's 25 months of
 * retention run (12 CFR 1002.12(b)); and the co-applicant's own credit authorization and
 * certification, with the version of the text they signed and when. Both engines.
 */
export const financingActionTakenMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    // "approved" | "declined" | "withdrawn"; null until staff record one.
    await db.schema.alterTable("financing_applications").addColumn("credit_decision", "text").execute();
    await db.schema.alterTable("financing_applications").addColumn("action_taken_at", "text").execute();
    await db.schema.alterTable("financing_applications").addColumn("co_owner_credit_consent_version", "text").execute();
    await db.schema.alterTable("financing_applications").addColumn("co_owner_credit_consent_at", "text").execute();
  },
};
