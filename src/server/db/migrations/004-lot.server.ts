import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { autoIncrementId } from "../dialect.server";

/**
 * Running the lot: stock number, trim, sale status, date in stock, sold date,
 * the Buyers Guide warranty and a price history. Every existing vehicle stays listed
 * (available, in stock since it was created). Its warranty follows Massachusetts law
 * (M.G.L. c. 90 §7N¼): a dealer warranty at $700 or more under 125,000 miles, else as is
 * (docs/decisions/036-vehicle-status-and-price-history.md).
 */
export const lotMigration: Migration = {
  // A migration sees the schema as it was then, not today's typed Database.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable("vehicles").addColumn("stock_number", "text").execute();
    await db.schema.alterTable("vehicles").addColumn("trim", "text").execute();
    await db.schema
      .alterTable("vehicles")
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("available")
          .check(sql`status IN ('available', 'pending', 'sold')`),
      )
      .execute();
    await db.schema
      .alterTable("vehicles")
      .addColumn("date_in_stock", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.alterTable("vehicles").addColumn("sold_at", "text").execute();
    await db.schema
      .alterTable("vehicles")
      .addColumn("warranty_type", "text", (c) =>
        c
          .notNull()
          .defaultTo("as_is")
          .check(sql`warranty_type IN ('as_is', 'implied', 'dealer')`),
      )
      .execute();
    await db.schema.alterTable("vehicles").addColumn("warranty_systems", "text").execute();
    await db.schema.alterTable("vehicles").addColumn("warranty_duration", "text").execute();

    await sql`UPDATE vehicles SET date_in_stock = substr(created_at, 1, 10)`.execute(db);
    await sql`UPDATE vehicles SET warranty_type = 'dealer' WHERE price >= 700 AND mileage < 125000`.execute(db);

    // Optional but unique: SQLite and PostgreSQL both allow many NULLs under a unique index.
    await db.schema.createIndex("vehicles_stock_number").on("vehicles").column("stock_number").unique().execute();
    await db.schema.createIndex("vehicles_status").on("vehicles").column("status").execute();

    await db.schema
      .createTable("vehicle_price_changes")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("vehicle_id", "text", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
      .addColumn("old_price", "integer", (c) => c.notNull())
      .addColumn("new_price", "integer", (c) => c.notNull())
      .addColumn("changed_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("vehicle_price_changes_vehicle")
      .on("vehicle_price_changes")
      .columns(["vehicle_id", "changed_at"])
      .execute();
  },
};
