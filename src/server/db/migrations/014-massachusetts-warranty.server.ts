import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { autoIncrementId } from "../dialect.server";
import { businessProfile } from "~/shared/config/business-profile";

/**
 * Decision 060: a Massachusetts dealer cannot sell a used vehicle "as is"
 * (M.G.L. c. 106 §2-316A). Three changes:
 * - every `as_is` vehicle becomes `implied` where the statute requires no written warranty
 *   ($700 or more and under 125,000 miles, c. 90 §7N¼), else `dealer` — only when the business
 *   profile is in Massachusetts when the migration runs. The profile is a code constant, so this
 *   is the deployment's own state; a profile elsewhere keeps its "as is" vehicles, and a profile
 *   moved to MA later is still safe: the guide never prints "as is" there (effectiveWarrantyType)
 *   and the form and import refuse it.
 * - `manufacturer_warranty_applies`: staff tick "MANUFACTURER'S WARRANTY STILL APPLIES".
 * - `vehicle_documents`: the archive of every Buyers Guide and Massachusetts warranty staff
 *   downloaded. `vehicle_id` has no foreign key on purpose: the record of what was handed to a
 *   buyer outlives the vehicle's row; the VIN is kept for the same reason.
 */
export const massachusettsWarrantyMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    if (businessProfile.address.region.toUpperCase() === "MA") {
      await db
        .updateTable("vehicles")
        .set({ warranty_type: "dealer" })
        .where("warranty_type", "=", "as_is")
        .where("price", ">=", 700)
        .where("mileage", "<", 125_000)
        .execute();
      await db.updateTable("vehicles").set({ warranty_type: "implied" }).where("warranty_type", "=", "as_is").execute();
    }
    await db.schema
      .alterTable("vehicles")
      .addColumn("manufacturer_warranty_applies", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("vehicle_documents")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("vehicle_id", "text", (c) => c.notNull())
      .addColumn("vin", "text", (c) => c.notNull())
      // "buyers_guide" | "ma_warranty"
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("language", "text", (c) => c.notNull())
      // The wording's version (buyers-guide-text.ts) and the terms printed, as JSON, with their hash.
      .addColumn("text_version", "text", (c) => c.notNull())
      .addColumn("terms", "text", (c) => c.notNull())
      .addColumn("terms_hash", "text", (c) => c.notNull())
      .addColumn("pdf_sha256", "text", (c) => c.notNull())
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("account_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("vehicle_documents_vehicle").on("vehicle_documents").columns(["vehicle_id", "created_at"]).execute();
  },
};
