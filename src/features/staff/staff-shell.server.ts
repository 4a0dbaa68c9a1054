import type { AppContext } from "~/server/context.server";
import { countBookingsOn } from "~/server/data/bookings.server";
import { countNewLeads, countWaitingLeads } from "~/server/data/leads.server";
import { countOpenTasksDue } from "~/server/data/tasks.server";
import type { Staff } from "~/server/http/staff-request.server";
import { dealerToday, endOfDealerDay } from "~/shared/lib/dealer-clock";
import { canUseArea } from "~/shared/staff/staff-roles";
import type { ShellCounts } from "./staff-shell";

/**
 * The navigation's live counts for one person (docs/behaviour.md §2 Staff app), only for the screens
 * their role may use: their leads still waiting for a first response and how many are overdue (an
 * owner sees everyone's overdue), their tasks due by the end of the dealership's day, the financing
 * applications still new, today's bookings. Each is one indexed count (migration 035).
 */
export async function shellCounts(ctx: AppContext, staff: Staff, now = new Date()): Promise<ShellCounts> {
  const { role } = staff;
  const [mine, everyone, today, financing, bookings] = await Promise.all([
    canUseArea(role, "leads") ? countWaitingLeads(ctx.db, staff.id, now) : null,
    role === "owner" ? countWaitingLeads(ctx.db, null, now) : null,
    canUseArea(role, "today") ? countOpenTasksDue(ctx.db, staff.id, endOfDealerDay(now).toISOString()) : null,
    canUseArea(role, "financing") ? countNewLeads(ctx.db, "financing") : null,
    canUseArea(role, "bookings") ? countBookingsOn(ctx.db, dealerToday(now)) : null,
  ]);
  return {
    ...(mine ? { leads: { waiting: mine.waiting, overdue: (everyone ?? mine).overdue } } : {}),
    ...(today !== null ? { today } : {}),
    ...(financing !== null ? { financing } : {}),
    ...(bookings !== null ? { bookings } : {}),
  };
}
