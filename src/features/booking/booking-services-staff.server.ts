import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { findService, listServices, updateServiceTexts } from "~/server/data/services.server";
import { noteVehiclesChanged } from "~/server/data/vehicles.server";
import type { Staff } from "~/server/http/staff-request.server";
import type { ServiceRecord } from "~/shared/types/service";
import type { ServiceTextsInput } from "./service-texts-schema";
import { inTransaction } from "~/server/db/transaction.server";

/** The service menu with every language's text, for the dashboard's Services section. */
export async function staffServices(ctx: AppContext): Promise<ServiceRecord[]> {
  return listServices(ctx.db);
}

/**
 * Staff replace a service's name and description in the three languages; the change and who
 * made it go to the audit log in the same transaction. Bookings keep pointing at the service,
 * so their later mails and calendar files carry the new text.
 */
export async function saveServiceTexts(ctx: AppContext, staff: Staff, id: string, input: ServiceTextsInput): Promise<ServiceRecord | null> {
  const saved = await inTransaction(ctx.db, async (trx) => {
    if (!(await updateServiceTexts(trx, id, input))) return false;
    await insertAuditEntry(trx, { actor: staff.actor, accountId: staff.id, action: "service-texts", entity: "service", entityId: id });
    return true;
  });
  if (!saved) return null;
  // The cached pages' version includes the services' edit time; a version this process reused must be read again.
  noteVehiclesChanged();
  ctx.logger.info({ serviceId: id }, "service texts changed by staff");
  return findService(ctx.db, id);
}
