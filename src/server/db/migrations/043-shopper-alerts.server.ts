import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { autoIncrementId } from "~/server/db/dialect.server";

/**
 * Saved vehicles and searches with e-mail alerts (docs/decisions/115-saved-vehicles-and-alerts-without-accounts.md,
 * 117-alert-matching-once-and-at-scale.md):
 * - `alert_subscribers`: one per e-mail address (stored lower-cased), pending until confirmed, the hash
 *   of its manage link, when it last got an alert mail and when its next digest is due.
 * - `alert_confirmations`: each request to be mailed, with the hash of its confirmation link, and, once
 *   confirmed, the record of consent: the wording's version, the language, the time, the address.
 * - `alert_items`: a saved vehicle (the advertised price the shopper saw, the status last told) or a
 *   saved search (the inventory's query string), each pending, active or paused.
 * - `alert_events`: what happened to an item, waiting for its digest; `dedupe_key` is unique, so a
 *   change seen by two processes at once is recorded once.
 * - `alert_public_vehicles`: the vehicles on the site when the matcher last looked; a vehicle not in it
 *   has just become public (new matches for saved searches). Filled here with today's listed vehicles,
 *   so the first run after the upgrade does not take the whole stock for new arrivals.
 * Kysely's builders only (and one portable INSERT … SELECT), so it runs on SQLite and PostgreSQL alike.
 */
export const shopperAlertsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("alert_subscribers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("locale", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
      .addColumn("customer_id", "text")
      .addColumn("manage_token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("confirmed_at", "text")
      .addColumn("unsubscribed_at", "text")
      .addColumn("last_alert_mail_at", "text")
      .addColumn("digest_due_at", "text")
      .execute();
    await db.schema.createIndex("alert_subscribers_digest_due").on("alert_subscribers").column("digest_due_at").execute();
    await db.schema.createIndex("alert_subscribers_customer").on("alert_subscribers").column("customer_id").execute();

    await db.schema
      .createTable("alert_confirmations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("subscriber_id", "text", (c) => c.notNull().references("alert_subscribers.id").onDelete("cascade"))
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("wording_version", "text", (c) => c.notNull())
      .addColumn("locale", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("requested_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("confirmed_at", "text")
      .execute();
    await db.schema
      .createIndex("alert_confirmations_subscriber")
      .on("alert_confirmations")
      .columns(["subscriber_id", "requested_at"])
      .execute();

    await db.schema
      .createTable("alert_items")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("subscriber_id", "text", (c) => c.notNull().references("alert_subscribers.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('vehicle', 'search')`))
      // The vehicle's id, or the search's query string: one item per address and target.
      .addColumn("target", "text", (c) => c.notNull())
      .addColumn("vehicle_id", "text")
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'active', 'paused')`))
      .addColumn("confirmation_id", "text")
      .addColumn("price_basis_cents", "integer")
      .addColumn("last_status", "text")
      .addColumn("watch_from", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("alert_items_subscriber_target", ["subscriber_id", "kind", "target"])
      .execute();
    await db.schema.createIndex("alert_items_vehicle").on("alert_items").columns(["vehicle_id", "status"]).execute();
    await db.schema.createIndex("alert_items_kind_status").on("alert_items").columns(["kind", "status"]).execute();

    await db.schema
      .createTable("alert_events")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("subscriber_id", "text", (c) => c.notNull().references("alert_subscribers.id").onDelete("cascade"))
      .addColumn("item_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("vehicle_id", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      // When its digest was written (or suppressed: `outcome`); null while it waits.
      .addColumn("handled_at", "text")
      .addColumn("outcome", "text")
      .execute();
    await db.schema.createIndex("alert_events_waiting").on("alert_events").columns(["subscriber_id", "handled_at"]).execute();

    await db.schema
      .createTable("alert_public_vehicles")
      .addColumn("vehicle_id", "text", (c) => c.primaryKey())
      .addColumn("public_since", "text", (c) => c.notNull())
      .execute();
    // The stock listed today (not sold, with a photo: decision 054) is not news to anyone.
    const now = new Date().toISOString();
    await sql`insert into alert_public_vehicles (vehicle_id, public_since)
      select v.id, ${now} from vehicles v
      where v.status <> 'sold' and exists (select 1 from vehicle_images i where i.vehicle_id = v.id)`.execute(db);
  },
};
