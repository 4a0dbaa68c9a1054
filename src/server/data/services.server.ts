import crypto from "node:crypto";
import type { Db } from "~/server/db/database.server";
import type { ServiceTable } from "~/server/db/schema.server";
import type { ServiceRecord, ServiceText, ServiceTranslationLocale } from "~/shared/types/service";

function toRecord({ position: _position, updatedAt: _updatedAt, nameEs, namePt, descriptionEs, descriptionPt, ...row }: ServiceTable): ServiceRecord {
  return {
    ...row,
    availableDays: JSON.parse(row.availableDays) as ServiceRecord["availableDays"],
    availableTimes: JSON.parse(row.availableTimes) as string[],
    translations: { es: { name: nameEs, description: descriptionEs }, pt: { name: namePt, description: descriptionPt } },
  };
}

/** The service menu in display order, with every language's text. */
export async function listServices(db: Db): Promise<ServiceRecord[]> {
  const rows = await db.selectFrom("services").selectAll().orderBy("position").orderBy("name").execute();
  return rows.map(toRecord);
}

/** One service by id, or null. */
export async function findService(db: Db, id: string): Promise<ServiceRecord | null> {
  const row = await db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

function translationColumns(translations: Record<ServiceTranslationLocale, ServiceText>) {
  return {
    nameEs: translations.es.name,
    descriptionEs: translations.es.description,
    namePt: translations.pt.name,
    descriptionPt: translations.pt.description,
  };
}

const UNTRANSLATED: ServiceText = { name: null, description: null };

/** Adds a service at the end of the menu (untranslated unless `translations` are given); returns its id. */
export async function insertService(
  db: Db,
  service: Omit<ServiceRecord, "id" | "translations"> & { translations?: ServiceRecord["translations"] },
  position: number,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("services")
    .values({
      id,
      name: service.name,
      description: service.description,
      ...translationColumns(service.translations ?? { es: UNTRANSLATED, pt: UNTRANSLATED }),
      duration: service.duration,
      price: service.price,
      availableDays: JSON.stringify(service.availableDays),
      availableTimes: JSON.stringify(service.availableTimes),
      position,
    })
    .execute();
  return id;
}

/** What staff edit of a service: its name and description in each language. */
export type ServiceTexts = Pick<ServiceRecord, "name" | "description" | "translations">;

/**
 * Replaces a service's texts; false when there is no such service. `updatedAt` moves the cached
 * pages' version (vehicles.server.ts), so the booking page shows the new text at once.
 */
export async function updateServiceTexts(db: Db, id: string, texts: ServiceTexts, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("services")
    .set({ name: texts.name, description: texts.description, ...translationColumns(texts.translations), updatedAt: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countServices(db: Db): Promise<number> {
  const row = await db.selectFrom("services").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
