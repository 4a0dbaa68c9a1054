import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { parseWarrantyDuration, parseWarrantySystems, type DealerWarrantyTerms } from "~/shared/lib/warranty-terms";

/**
 * Decision 091: a vehicle's dealer warranty terms are structured (systems from a list, days, miles,
 * the dealer's share of labor and parts) in one JSON column, `warranty_terms`, instead of two free
 * texts that nothing could check against M.G.L. c. 90 §7N¼ nor print in Spanish.
 *
 * Each row's old texts are converted when both read as the list's systems and a duration ("90 days
 * or 3,750 miles"); the dealer paid 100 % of both, as the guide printed. A row whose texts say
 * anything else gets no terms: a vehicle the statute covers then prints the statute's terms (never
 * less than the law), and a dealer warranty on a vehicle it does not cover asks staff for its terms
 * before its guide prints (the form and the guide say so). Both engines; the old columns are dropped.
 */
export const structuredWarrantyTermsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable("vehicles").addColumn("warranty_terms", "text").execute();
    // The app's connection maps camelCase names to the snake_case columns both ways (as migration 026 reads them).
    const rows = (await db
      .selectFrom("vehicles")
      .select(["id", "warrantySystems", "warrantyDuration"])
      .where((eb) => eb.or([eb("warrantySystems", "is not", null), eb("warrantyDuration", "is not", null)]))
      .execute()) as { id: string; warrantySystems: string | null; warrantyDuration: string | null }[];
    for (const row of rows) {
      const systems = row.warrantySystems ? parseWarrantySystems(row.warrantySystems) : null;
      const duration = row.warrantyDuration ? parseWarrantyDuration(row.warrantyDuration) : null;
      if (!systems || !duration) continue;
      const terms: DealerWarrantyTerms = { systems, ...duration, laborPercent: 100, partsPercent: 100 };
      await db
        .updateTable("vehicles")
        .set({ warrantyTerms: JSON.stringify(terms) })
        .where("id", "=", row.id)
        .execute();
    }
    await db.schema.alterTable("vehicles").dropColumn("warranty_systems").execute();
    await db.schema.alterTable("vehicles").dropColumn("warranty_duration").execute();
  },
};
