import type { AppContext } from "~/server/context.server";
import { searchVehicles, type VehicleHit } from "~/server/data/vehicles.server";
import type { Staff } from "~/server/http/staff-request.server";
import { canUseArea } from "~/shared/staff/staff-roles";
import { findCustomers, type CustomerSummary } from "./customer-record.server";
import { inboxQuerySchema, listInboxLeads, type InboxLead } from "./leads-inbox.server";

/** How many of each kind the search lists; the screens behind the links list the rest. */
const PER_KIND = 10;
/** The inbox's longest search; a search longer than this is cut. */
const MAX_LENGTH = 100;

/** What /podium/search?q= shows: each kind the person's role may see, or null for a kind it may not (or a search too short). */
export type StaffSearchResults = {
  q: string;
  customers: CustomerSummary[] | null;
  vehicles: VehicleHit[] | null;
  leads: InboxLead[] | null;
};

/**
 * The staff app's search (docs/behaviour.md §2 Staff app): customers by name, e-mail or phone (the
 * Customers screen's search), vehicles by stock number, VIN or year, make and model, and leads by name,
 * e-mail or phone (the inbox's search: a whole address or phone number through the indexes, other text
 * through the trigram index). Only what the person's role may open: a salesperson or an owner all
 * three, finance the vehicles, service nothing.
 */
export async function staffSearch(ctx: AppContext, staff: Staff, raw: string): Promise<StaffSearchResults> {
  const q = raw.trim().slice(0, MAX_LENGTH);
  if (q.length < 2) return { q, customers: null, vehicles: null, leads: null };
  const { role } = staff;
  const [customers, vehicles, leads] = await Promise.all([
    canUseArea(role, "customers") ? findCustomers(ctx, q).then((found) => found.slice(0, PER_KIND)) : null,
    canUseArea(role, "vehicles") ? searchVehicles(ctx.db, q, PER_KIND) : null,
    canUseArea(role, "leads")
      ? listInboxLeads(ctx, inboxQuerySchema.parse({ q, limit: PER_KIND }), staff).then((page) => page.leads)
      : null,
  ]);
  return { q, customers, vehicles, leads };
}
