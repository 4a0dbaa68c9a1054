import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { autoIncrementId } from "../dialect.server";

/**
 * One account per person with a second factor, roles, throttling in the database
 * (so every server process sees it), sessions tied to an account (replacing the PIN's
 * admin_sessions), audit entries that name the account, and the financing credit consent.
 */
export const staffAccountsMigration: Migration = {
  // A migration sees the schema as it was then, not today's Database type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("staff_accounts")
      .addColumn("id", "text", (c) => c.primaryKey())
      // Stored lower-cased: the unique index makes e-mails unique case-insensitively.
      .addColumn("email", "text", (c) => c.notNull().check(sql`email = lower(email) AND length(email) BETWEEN 3 AND 254`))
      .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) BETWEEN 1 AND 100`))
      .addColumn("role", "text", (c) => c.notNull().check(sql`role IN ('owner', 'finance', 'sales', 'service')`))
      // Null until the person sets one through their setup link.
      .addColumn("password_hash", "text")
      // AES-256-GCM ciphertext of the base32 TOTP secret; set at the first sign-in, confirmed by totp_enrolled_at.
      .addColumn("totp_secret_enc", "text")
      .addColumn("totp_enrolled_at", "text")
      // The last accepted TOTP time step: a code is never accepted twice.
      .addColumn("totp_last_step", "integer")
      .addColumn("disabled", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`disabled IN (0, 1)`),
      )
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("staff_accounts_email").on("staff_accounts").column("email").unique().execute();

    await db.schema
      .createTable("staff_recovery_codes")
      .addColumn("code_hash", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
      .addColumn("used_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("staff_recovery_codes_account").on("staff_recovery_codes").column("account_id").execute();

    await db.schema
      .createTable("staff_setup_tokens")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();
    await db.schema.createIndex("staff_setup_tokens_account").on("staff_setup_tokens").column("account_id").execute();

    await db.schema.dropTable("admin_sessions").execute();
    await db.schema
      .createTable("staff_sessions")
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
      // For the 12-hour absolute limit; last_seen_at for the 30-minute idle limit.
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("staff_sessions_account").on("staff_sessions").column("account_id").execute();

    // One row per failed password or code; keys are "email:<address>" and "client:<ip>".
    await db.schema
      .createTable("staff_sign_in_failures")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("staff_sign_in_failures_key_at").on("staff_sign_in_failures").columns(["key", "at"]).execute();

    // Old rows keep their session reference in actor; new rows name the account.
    await db.schema.alterTable("audit_log").addColumn("account_id", "text").execute();
    await db.schema.createIndex("audit_log_account_at").on("audit_log").columns(["account_id", "at"]).execute();
    await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();

    // Which consent text the applicant accepted, and when (null for applications from before).
    await db.schema.alterTable("financing_applications").addColumn("credit_consent_version", "text").execute();
    await db.schema.alterTable("financing_applications").addColumn("credit_consent_at", "text").execute();
  },
};
