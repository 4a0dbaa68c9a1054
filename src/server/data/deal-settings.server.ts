import type { Db } from "~/server/db/database.server";
import { DEFAULT_DEAL_SETTINGS, type DealSettings } from "~/shared/lib/deal-estimate";
import { dealSettingsSchema } from "~/shared/validation/deal-settings-schema";

const ROW_ID = 1;

export type StoredDealSettings = { settings: DealSettings; updatedAt: string | null; updatedBy: string | null };

/**
 * The owner's deal settings, or the defaults while none were saved. A stored value that no longer
 * passes the schema (a field added since) falls back field by field to the defaults.
 */
export async function readDealSettings(db: Db): Promise<StoredDealSettings> {
  const row = await db.selectFrom("dealSettings").selectAll().where("id", "=", ROW_ID).executeTakeFirst();
  if (!row) return { settings: DEFAULT_DEAL_SETTINGS, updatedAt: null, updatedBy: null };
  const json = JSON.parse(row.settings) as Partial<DealSettings>;
  // Only an owner's PUT wrote settings before the rates' source was recorded: those rates are the owner's.
  const stored = dealSettingsSchema.safeParse({ ...DEFAULT_DEAL_SETTINGS, ratesSource: "owner", ...json });
  return { settings: stored.success ? stored.data : DEFAULT_DEAL_SETTINGS, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
}

/** Saves the settings (one row, inserted the first time); `updatedAt` must be later than the stored one. */
export async function saveDealSettings(db: Db, settings: DealSettings, updatedBy: string, updatedAt: string): Promise<void> {
  const values = { settings: JSON.stringify(settings), updatedAt, updatedBy };
  await db
    .insertInto("dealSettings")
    .values({ id: ROW_ID, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

/** Saves the settings only while none are stored (the demo seed's example rates never replace the owner's). */
export async function saveDealSettingsIfNone(db: Db, settings: DealSettings, updatedBy: string, updatedAt: string): Promise<boolean> {
  const inserted = await db
    .insertInto("dealSettings")
    .values({ id: ROW_ID, settings: JSON.stringify(settings), updatedAt, updatedBy })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
