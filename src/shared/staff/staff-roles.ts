import { LEAD_KINDS } from "~/shared/leads/lead-kinds";
import { isLeadType } from "~/shared/leads/lead-types";

/**
 * Staff roles (FTC Safeguards Rule §314.4(c)(1): access limited to what each job needs).
 * Shared so the dashboard shows only the tabs a role may use; the server enforces the same
 * rules per route (src/server/auth/route-access.server.ts).
 */
export const STAFF_ROLES = ["owner", "finance", "sales", "service"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

/** The signed-in person as every staff route sees them. */
export type StaffUser = { id: string; email: string; name: string; role: StaffRole };

/** What GET /api/admin/session and the sign-in tell the dashboard (email, name, role). */
export type SessionUser = Omit<StaffUser, "id">;

/** Dashboard areas and the roles that use them. */
export const STAFF_AREAS = {
  // The lead inbox (docs/behaviour.md §17): the people who answer leads. Finance keeps its own
  // Financing tab, service the Bookings tab; neither needs every shopper's contact details.
  leads: ["owner", "sales"],
  vehicles: ["owner", "finance", "sales"],
  financing: ["owner", "finance"],
  messages: ["owner", "sales"],
  bookings: ["owner", "sales", "service"],
  tradeIns: ["owner", "sales"],
  // The customer record (timeline, replies, notes, tasks) and my tasks for today: the people who follow leads up.
  customers: ["owner", "sales"],
  today: ["owner", "sales"],
  deals: ["owner", "sales"],
  // What the booking page offers, in every language: the owner decides it.
  services: ["owner"],
  visitors: ["owner", "sales"],
  // Where leads came from and how fast they were answered: sales see the team's totals and their own row.
  reports: ["owner", "sales"],
  staff: ["owner"],
  audit: ["owner"],
  outbox: ["owner"],
  settings: ["owner"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

export function canUseArea(role: StaffRole, area: StaffArea): boolean {
  return (STAFF_AREAS[area] as readonly StaffRole[]).includes(role);
}

/**
 * Who may hold (be assigned, answer, move the status of) a lead of a type: the roles of the area its
 * kind names (src/shared/leads/lead-kinds.ts). A financing application stays with the roles that may
 * open it, owner and finance (FTC Safeguards Rule: its down payment and trade-in are the applicant's
 * non-public information); every other lead with the inbox's roles, owner and sales. No one holds a
 * lead of a kind that does not exist.
 */
export function mayHoldLead(role: StaffRole, leadType: string): boolean {
  return isLeadType(leadType) && canUseArea(role, LEAD_KINDS[leadType].heldBy);
}

/** Vehicles are read-only for finance: they see stock to match applications, never edit it. */
export function canEditVehicles(role: StaffRole): boolean {
  return role === "owner" || role === "sales";
}
