import { LEAD_KINDS } from "~/shared/leads/lead-kinds";
import type { LeadType } from "~/shared/leads/lead-types";
import type { StaffArea } from "~/shared/staff/staff-roles";

/**
 * The events of the staff app's live stream (`GET /podium/events`, decision 110): each names what
 * changed and carries only `{ type, id }` — the lead's type (or "vehicle", or "task") and its id — so a screen
 * reloads what its person may see; nothing of a shopper travels in an event.
 */
export const STAFF_EVENT_NAMES = [
  "lead.created",
  "lead.assigned",
  "lead.status",
  "lead.first-response",
  "lead.escalated",
  "booking.created",
  "booking.cancelled",
  "trade-in.created",
  "deal.created",
  "vehicle.status",
  "task.due",
] as const;
export type StaffEventName = (typeof STAFF_EVENT_NAMES)[number];

/** What one event says, as the stream sends it (`data:` is this as JSON; `id:` is `id` of the row). */
export type StaffEventData = { type: string; id: string };

/** The staff area a role needs to hear of a lead's change: its holders' (a financing application's stays with finance). */
export function leadEventArea(type: LeadType): StaffArea {
  return LEAD_KINDS[type].heldBy;
}

/** The second, screen-specific event a new lead of this kind also raises, with the area that screen needs. */
export function createdEventOf(type: LeadType): { name: StaffEventName; area: StaffArea } | null {
  return LEAD_KINDS[type].createdEvent;
}

/**
 * Whether an event means the screen at `pathname` may show something stale (the live client, decision
 * 113). Every staff page shows the shell's counts (waiting and overdue leads, tasks due today, new
 * applications, today's bookings), which any lead's, booking's or task's change may move; a vehicle's status
 * shows only on the lot's screens.
 */
export function eventConcernsScreen(name: string, pathname: string): boolean {
  if (name === "reset") return true;
  if (name === "vehicle.status") return pathname === "/podium/vehicles" || pathname.startsWith("/podium/vehicles/");
  return (STAFF_EVENT_NAMES as readonly string[]).includes(name);
}
