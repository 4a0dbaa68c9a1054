import type { Db } from "~/server/db/database.server";
import type { WebVitalTable } from "~/server/db/schema.server";

export type WebVitalSample = Omit<WebVitalTable, "recordedAt">;

/**
 * Stores metric samples; a sample whose id is already stored (the same metric of the same page
 * load, reported again when its value grew) replaces the earlier value.
 */
export async function upsertWebVitals(db: Db, samples: WebVitalSample[], at = new Date()): Promise<void> {
  if (samples.length === 0) return;
  const recordedAt = at.toISOString();
  await db
    .insertInto("webVitals")
    .values(samples.map((s) => ({ ...s, recordedAt })))
    .onConflict((oc) => oc.column("id").doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), recordedAt })))
    .execute();
}

/** Every sample since `since`, ordered by page, device, metric and value (for percentiles). */
export async function webVitalsSince(db: Db, since: Date): Promise<Omit<WebVitalSample, "id">[]> {
  return db
    .selectFrom("webVitals")
    .select(["page", "device", "metric", "value"])
    .where("recordedAt", ">=", since.toISOString())
    .orderBy("page")
    .orderBy("device")
    .orderBy("metric")
    .orderBy("value")
    .execute();
}

/** Deletes samples recorded before `before`; returns how many. */
export async function deleteWebVitalsBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom("webVitals").where("recordedAt", "<", before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
