import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";
import { LEAD_TYPES, type LeadType } from "~/shared/leads/lead-types";
import { canUseArea, type StaffArea, type StaffRole } from "./staff-roles";

/**
 * The staff app's screens (docs/behaviour.md §2 Staff app, decision 100): where each lives, the job it
 * belongs to in the navigation and the area a role needs for it (the server checks the same area for
 * the route, from src/app/route-policy.server.ts). The navigation, the phone's bottom bar, a person's
 * first screen and the old `/podium?tab=…&id=…` links all read this one list.
 */
export const STAFF_NAV_GROUPS = ["sales", "lot", "service", "finance", "reports", "admin"] as const;
export type StaffNavGroup = (typeof STAFF_NAV_GROUPS)[number];

export type StaffScreen = { id: StaffScreenId; path: string; group: StaffNavGroup; area: StaffArea };

export const STAFF_SCREENS = [
  { id: "leads", path: "/podium/leads", group: "sales", area: "leads" },
  { id: "customers", path: "/podium/customers", group: "sales", area: "customers" },
  { id: "today", path: "/podium/today", group: "sales", area: "today" },
  { id: "deals", path: "/podium/deals", group: "sales", area: "deals" },
  { id: "tradeIns", path: "/podium/trade-ins", group: "sales", area: "tradeIns" },
  { id: "messages", path: "/podium/messages", group: "sales", area: "messages" },
  { id: "vehicles", path: "/podium/vehicles", group: "lot", area: "vehicles" },
  { id: "bookings", path: "/podium/bookings", group: "service", area: "bookings" },
  { id: "services", path: "/podium/services", group: "service", area: "services" },
  { id: "financing", path: "/podium/financing", group: "finance", area: "financing" },
  { id: "reports", path: "/podium/reports/leads", group: "reports", area: "reports" },
  { id: "visitors", path: "/podium/reports/visitors", group: "reports", area: "visitors" },
  // The alerts' figures need the lead report's area, as GET /api/admin/reports/alerts does.
  { id: "alertsReport", path: "/podium/reports/alerts", group: "reports", area: "reports" },
  { id: "staff", path: "/podium/staff", group: "admin", area: "staff" },
  { id: "audit", path: "/podium/audit", group: "admin", area: "audit" },
  { id: "outbox", path: "/podium/outbox", group: "admin", area: "outbox" },
  { id: "settings", path: "/podium/settings", group: "admin", area: "settings" },
] as const satisfies readonly { id: string; path: string; group: StaffNavGroup; area: StaffArea }[];
export type StaffScreenId = (typeof STAFF_SCREENS)[number]["id"];

/** The screens a role may open, in navigation order. */
export const screensFor = (role: StaffRole): StaffScreen[] => STAFF_SCREENS.filter((s) => canUseArea(role, s.area));

/**
 * The phone's bottom bar: the four screens each role opens most, the rest under "More". A salesperson's
 * day is the inbox, the customer record, today's tasks and the lot; finance lives in applications.
 */
export const PHONE_BAR: Record<StaffRole, readonly StaffScreenId[]> = {
  owner: ["leads", "customers", "today", "vehicles"],
  sales: ["leads", "customers", "today", "vehicles"],
  finance: ["financing", "vehicles"],
  service: ["bookings"],
};

/** Where `/podium` takes a person: the first screen of their bottom bar. */
export function firstScreenFor(role: StaffRole): string {
  const first = STAFF_SCREENS.find((s) => s.id === PHONE_BAR[role][0])!;
  return first.path;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The address of one record of a screen, for a staff mail's link and the old `?tab=…&id=…` links: a
 * customer's and a vehicle's own page, and each lead kind's (the registry's: for bookings, listed by
 * day, the day's list with the booking marked).
 */
const RECORD_PATHS: Partial<Record<StaffScreenId, (id: string) => string>> = {
  customers: (id) => `/podium/customers/${id}`,
  vehicles: (id) => `/podium/vehicles/${encodeURIComponent(id)}`,
  ...Object.fromEntries(LEAD_TYPES.map((type) => [LEAD_KINDS[type].screen.id, LEAD_KINDS[type].screen.record])),
};
export type StaffRecordScreen = "customers" | "vehicles" | (typeof LEAD_KINDS)[LeadType]["screen"]["id"];

/** The staff app's address of one record (a staff mail's link names it this way). */
export const staffRecordPath = (screen: StaffRecordScreen, id: string): string => RECORD_PATHS[screen]!(id);

/**
 * The new URL of an old dashboard link, `/podium?tab=financing&id=…` (staff mails sent before the staff
 * app name records this way): that screen, and that record when the link names one. An id that is not a
 * record id is dropped; a tab that never existed gives null (the person's first screen).
 */
export function legacyTabUrl(tab: string | null, id: string | null): string | null {
  const screen = STAFF_SCREENS.find((s) => s.id === tab);
  if (!screen) return null;
  return screen.id in RECORD_PATHS && id && UUID.test(id) ? staffRecordPath(screen.id as StaffRecordScreen, id.toLowerCase()) : screen.path;
}

/**
 * Where a sign-in may send the person back to: a staff page's path and query, nothing else (no other
 * site, no `//host`, not the sign-in or sign-out pages themselves). Anything else gives `/podium`.
 */
export function staffReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 2000 || !/^\/podium(?:[/?]|$)/.test(value) || /[\\\s]|\/\//.test(value)) return "/podium";
  return /^\/podium\/sign-(?:in|out)(?:[/?]|$)/.test(value) ? "/podium" : value;
}

/** A staff page's meta: its title, and never indexed. */
export const staffPageMeta = (title: string) => [{ title }, { name: "robots", content: "noindex, nofollow" }];

/** The meta of one of the navigation's screens: "Vehicles · Staff". */
export function screenMeta(id: StaffScreenId) {
  const m = staffMessagesFor().staff.shell;
  return staffPageMeta(m.title(m.screens[id]));
}
