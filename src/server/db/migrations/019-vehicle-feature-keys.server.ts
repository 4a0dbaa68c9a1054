import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { storedFeatures } from "~/shared/lib/vehicle-features";

/**
 * Decision 069: a vehicle's features become keys of the feature catalogue, shown in the page's
 * language, and the description gets Spanish and Portuguese versions.
 * - `features` keeps its column and JSON form; each English name the catalogue knows ("Heated
 *   Seats", in any case) becomes its key (`heated-seats`), anything else stays as typed (custom).
 *   The catalogue's keys never change, so reading it here gives the same result whenever this runs.
 * - `description_es`, `description_pt`: nullable; a page without its language's text shows the
 *   English one. Kysely's builders only, so it runs on SQLite and PostgreSQL alike.
 */
export const vehicleFeatureKeysMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable("vehicles").addColumn("description_es", "text").execute();
    await db.schema.alterTable("vehicles").addColumn("description_pt", "text").execute();
    const rows = (await db.selectFrom("vehicles").select(["id", "features"]).execute()) as { id: string; features: string }[];
    const changed = rows.flatMap((row) => {
      const parsed: unknown = JSON.parse(row.features);
      const before = Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === "string") : [];
      const features = JSON.stringify(storedFeatures(before));
      return features === row.features ? [] : [{ id: row.id, features }];
    });
    // One update per changed vehicle: each row's list is its own.
    for (const { id, features } of changed) await db.updateTable("vehicles").set({ features }).where("id", "=", id).execute();
  },
};
