import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { readLeadSettings, saveLeadSettings, type StoredLeadSettings } from "~/server/data/lead-settings.server";
import type { Staff } from "~/server/http/staff-request.server";
import type { LeadSettings } from "~/shared/validation/lead-settings-schema";
import { inTransaction } from "~/server/db/transaction.server";

/** GET /api/admin/lead-settings: the settings in force (the defaults until the owner saves their own). */
export async function getLeadSettings(ctx: AppContext): Promise<StoredLeadSettings> {
  return readLeadSettings(ctx.db);
}

/**
 * PUT /api/admin/lead-settings: saves the owner's lead settings and writes who changed them to the
 * audit log, in one transaction. New leads' response times follow the new setting; a lead already
 * waiting keeps the due time it was given on arrival (docs/behaviour.md §18).
 */
export async function updateLeadSettings(
  ctx: AppContext,
  staff: Staff,
  settings: LeadSettings,
  now = new Date(),
): Promise<StoredLeadSettings> {
  const updatedAt = now.toISOString();
  await inTransaction(ctx.db, async (trx) => {
    await saveLeadSettings(trx, settings, staff.actor, updatedAt);
    await insertAuditEntry(
      trx,
      { actor: staff.actor, accountId: staff.id, action: "lead-settings-update", entity: "lead-settings", entityId: "1" },
      now,
    );
  });
  return { settings, updatedAt, updatedBy: staff.actor };
}
