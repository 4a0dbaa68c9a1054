import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { readDealSettings, saveDealSettings, type StoredDealSettings } from "~/server/data/deal-settings.server";
import { noteVehiclesChanged } from "~/server/data/vehicles.server";
import type { Staff } from "~/server/http/staff-request.server";
import type { DealSettings } from "~/shared/lib/deal-estimate";
import { inTransaction } from "~/server/db/transaction.server";

/** GET /api/admin/deal-settings: the settings in force (the defaults until the owner saves their own). */
export async function getDealSettings(ctx: AppContext): Promise<StoredDealSettings> {
  return readDealSettings(ctx.db);
}

/**
 * PUT /api/admin/deal-settings: saves the owner's settings and writes who changed them to the audit
 * log, in one transaction. The change time is later than the stored one, so the stock version (and
 * with it every cached page and feed showing an advertised price) moves even within one millisecond.
 */
export async function updateDealSettings(
  ctx: AppContext,
  staff: Staff,
  settings: DealSettings,
  now = new Date(),
): Promise<StoredDealSettings> {
  const saved = await inTransaction(ctx.db, async (trx) => {
    const previous = await readDealSettings(trx);
    const after = previous.updatedAt ? Date.parse(previous.updatedAt) + 1 : 0;
    const updatedAt = new Date(Math.max(now.getTime(), after)).toISOString();
    // The owner saved these rates: public pages may show a payment from them (decision 092).
    settings = { ...settings, ratesSource: "owner" };
    await saveDealSettings(trx, settings, staff.actor, updatedAt);
    await insertAuditEntry(
      trx,
      { actor: staff.actor, accountId: staff.id, action: "deal-settings-update", entity: "deal-settings", entityId: "1" },
      now,
    );
    return { settings, updatedAt, updatedBy: staff.actor };
  });
  noteVehiclesChanged();
  return saved;
}
