import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { DEMO_SERVICES } from "~/server/seed/demo-catalogue.server";

/**
 * Each service's name and description in Spanish and Portuguese beside the English ones
 * (decision 068). Nullable: a service staff have not translated shows its English text, marked
 * `lang="en"`. A database seeded with the demo menu gets the demo translations, matched by the
 * English name staff may not have changed; any other service stays untranslated until staff
 * translate it. Kysely's builders only, so it runs on SQLite and PostgreSQL alike.
 */
export const serviceTranslationsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    for (const column of ["name_es", "description_es", "name_pt", "description_pt"])
      await db.schema.alterTable("services").addColumn(column, "text").execute();
    // When staff last edited the texts: the cached booking page is keyed on it (with the stock).
    await db.schema.alterTable("services").addColumn("updated_at", "text").execute();
    for (const service of DEMO_SERVICES) {
      const { es, pt } = service.translations;
      await db
        .updateTable("services")
        .set({ name_es: es.name, description_es: es.description, name_pt: pt.name, description_pt: pt.description })
        .where("name", "=", service.name)
        .where("description", "=", service.description)
        .execute();
    }
  },
};
