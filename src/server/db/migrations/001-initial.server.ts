import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { autoIncrementId, floatType } from "../dialect.server";

/** The six entities of docs/behaviour.md §3, plus staff sessions and the audit log (docs/behaviour.md §6 and §11). */
export const initialMigration: Migration = {
  // A migration runs against the schema as it was then, not today's Database type (Kysely's advice).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("vehicles")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("year", "integer", (c) => c.notNull().check(sql`year BETWEEN 1900 AND 2100`))
      .addColumn("make", "text", (c) => c.notNull().check(sql`length(make) > 0`))
      .addColumn("model", "text", (c) => c.notNull().check(sql`length(model) > 0`))
      .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
      .addColumn("mileage", "integer", (c) => c.notNull().check(sql`mileage >= 0`))
      .addColumn("transmission", "text", (c) => c.notNull())
      .addColumn("drivetrain", "text", (c) => c.notNull())
      .addColumn("body_style", "text", (c) => c.notNull())
      .addColumn("exterior_color", "text", (c) => c.notNull())
      .addColumn("vin", "text", (c) => c.notNull().check(sql`length(vin) = 17`))
      .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("description", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("vehicles_created_at").on("vehicles").column("created_at").execute();

    await db.schema
      .createTable("vehicle_images")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("vehicle_id", "text", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("image_key", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("vehicle_images_vehicle_position")
      .on("vehicle_images")
      .columns(["vehicle_id", "position"])
      .unique()
      .execute();

    await db.schema
      .createTable("contact_submissions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("vehicle_id", "text")
      .addColumn("has_trade_in", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("financing_applications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("city", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("zip_code", "text", (c) => c.notNull())
      .addColumn("ssn_enc", "text", (c) => c.notNull())
      .addColumn("date_of_birth_enc", "text", (c) => c.notNull())
      .addColumn("employment_status", "text", (c) => c.notNull())
      .addColumn("employer", "text")
      .addColumn("monthly_income", floatType(db), (c) => c.notNull())
      .addColumn("vehicle_of_interest", "text")
      .addColumn("down_payment", floatType(db))
      .addColumn("has_trade_in", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("trade_in_details", "text")
      .addColumn("has_co_owner", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("co_owner_first_name", "text")
      .addColumn("co_owner_last_name", "text")
      .addColumn("co_owner_email", "text")
      .addColumn("co_owner_phone", "text")
      .addColumn("co_owner_date_of_birth_enc", "text")
      .addColumn("co_owner_ssn_enc", "text")
      .addColumn("co_owner_employment_status", "text")
      .addColumn("co_owner_employer", "text")
      .addColumn("co_owner_monthly_income", floatType(db))
      .addColumn("signature_file", "text")
      .addColumn("driver_license_file", "text")
      .addColumn("co_owner_signature_file", "text")
      .addColumn("co_owner_driver_license_file", "text")
      .execute();
    await db.schema.createIndex("financing_created_at").on("financing_applications").column("created_at").execute();

    await db.schema
      .createTable("visitors")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("page", "text", (c) => c.notNull())
      .addColumn("timestamp", "text", (c) => c.notNull())
      .addColumn("user_agent", "text")
      .addColumn("referrer", "text")
      .addColumn("visitor_key", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("visitors_timestamp").on("visitors").column("timestamp").execute();
    await db.schema.createIndex("visitors_page").on("visitors").column("page").execute();

    await db.schema
      .createTable("services")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("duration", "integer", (c) => c.notNull().check(sql`duration > 0`))
      .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
      .addColumn("available_days", "text", (c) => c.notNull())
      .addColumn("available_times", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("bookings")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("service_id", "text", (c) => c.notNull().references("services.id"))
      .addColumn("customer_first_name", "text", (c) => c.notNull())
      .addColumn("customer_last_name", "text", (c) => c.notNull())
      .addColumn("customer_email", "text", (c) => c.notNull())
      .addColumn("customer_phone", "text", (c) => c.notNull())
      .addColumn("booking_date", "text", (c) => c.notNull().check(sql`length(booking_date) = 10`))
      .addColumn("booking_time", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("pending")
          .check(sql`status IN ('pending', 'confirmed', 'cancelled')`),
      )
      .addColumn("notes", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    // One service/date/time holds at most one active booking; cancelled ones free the slot.
    await db.schema
      .createIndex("bookings_active_slot")
      .on("bookings")
      .columns(["service_id", "booking_date", "booking_time"])
      .unique()
      .where(sql.ref("status"), "<>", "cancelled")
      .execute();
    await db.schema.createIndex("bookings_date").on("bookings").column("booking_date").execute();

    await db.schema
      .createTable("admin_sessions")
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("audit_log")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("entity", "text", (c) => c.notNull())
      .addColumn("entity_id", "text", (c) => c.notNull())
      .execute();
  },
};
