import type { Db } from "~/server/db/database.server";
import { DEFAULT_LEAD_SETTINGS, leadSettingsSchema, type LeadSettings } from "~/shared/validation/lead-settings-schema";

const ROW_ID = 1;

export type StoredLeadSettings = { settings: LeadSettings; updatedAt: string | null; updatedBy: string | null };

/** The owner's lead settings, or the defaults while none were saved (or a stored value no longer passes). */
export async function readLeadSettings(db: Db): Promise<StoredLeadSettings> {
  const row = await db.selectFrom("leadSettings").selectAll().where("id", "=", ROW_ID).executeTakeFirst();
  if (!row) return { settings: DEFAULT_LEAD_SETTINGS, updatedAt: null, updatedBy: null };
  const stored = leadSettingsSchema.safeParse({ ...DEFAULT_LEAD_SETTINGS, ...(JSON.parse(row.settings) as object) });
  return { settings: stored.success ? stored.data : DEFAULT_LEAD_SETTINGS, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
}

/** Saves the settings (one row, inserted the first time). */
export async function saveLeadSettings(db: Db, settings: LeadSettings, updatedBy: string, updatedAt: string): Promise<void> {
  const values = { settings: JSON.stringify(settings), updatedAt, updatedBy };
  await db
    .insertInto("leadSettings")
    .values({ id: ROW_ID, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}
