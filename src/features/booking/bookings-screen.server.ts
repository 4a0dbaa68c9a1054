import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { formFields, parseStaffForm, staffFormFailure, staffFormSuccess, staffQueryInput } from "~/server/http/staff-form.server";
import type { Staff } from "~/server/http/staff-request.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import { isoDateField, uuidField } from "~/shared/validation/fields";
import { bookingStatusSchema } from "./booking-staff-api.server";
import { bookingDateOf, bookingsBetween, changeBookingStatus, type StaffBooking } from "./booking-staff.server";
import { bookingFormKey } from "./bookings-screen-form";

/**
 * The Bookings screen (docs/behaviour.md §2 Staff app, decision 100): /podium/bookings?date=…, two
 * weeks of service bookings from that day (today on the dealership's clock when the address names
 * none), by day and time; each confirmed, cancelled or re-opened through PATCH
 * /api/admin/bookings/:id's schema and use case (which mails the shopper). A staff mail's link names a
 * booking (`?id=`): the screen opens on its day with it marked.
 */

/** How many days the screen lists from its first. */
export const BOOKINGS_SCREEN_DAYS = 14;

const querySchema = z.object({
  date: isoDateField("Enter a date as YYYY-MM-DD.").optional(),
  id: uuidField("This booking link is not valid.").optional(),
});

export type BookingsScreenData = {
  /** The first day listed, and the last. */
  from: string;
  to: string;
  /** The dealership's today, for the "Today" link and the day it marks. */
  today: string;
  /** The date field as typed (refused or not). */
  dateValue: string;
  filterErrors: Record<string, string> | null;
  days: [date: string, bookings: StaffBooking[]][];
  /** The booking a mail's link named, marked on its day. */
  markedId: string | null;
  /** The first days of the two weeks before and after. */
  earlier: string;
  later: string;
};

/** Groups bookings by date, keeping their order (already by date and time). */
export function groupByDate<T extends { bookingDate: string }>(items: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.bookingDate, [...(groups.get(item.bookingDate) ?? []), item]);
  return [...groups];
}

export async function bookingsScreen(ctx: AppContext, url: URL, now = new Date()): Promise<BookingsScreenData> {
  const today = dealerToday(now);
  const input = staffQueryInput(url.searchParams);
  const parsed = querySchema.safeParse(input);
  const query = parsed.success ? parsed.data : {};
  const markedDate = query.id && !query.date ? await bookingDateOf(ctx, query.id) : null;
  const from = query.date ?? markedDate ?? today;
  const before = addDays(from, BOOKINGS_SCREEN_DAYS);
  return {
    from,
    to: addDays(before, -1),
    today,
    dateValue: typeof input.date === "string" ? input.date : from,
    filterErrors: parsed.success ? null : fieldErrorsOf(parsed.error),
    days: groupByDate(await bookingsBetween(ctx, from, before)),
    markedId: query.id?.toLowerCase() ?? null,
    earlier: addDays(from, -BOOKINGS_SCREEN_DAYS),
    later: before,
  };
}

/** Confirm, cancel or re-open one booking (the form names it; the button pressed names the status). */
export async function bookingsScreenAction(ctx: AppContext, request: Request, staff: Staff, form: FormData) {
  const b = staffMessagesFor().staff.bookings;
  const fields = formFields(form);
  const id = fields.id ?? "";
  if (fields.intent !== "status" || !uuidField().safeParse(id).success) return staffFormFailure(404, "Not found");
  const key = bookingFormKey(id);
  const parsed = parseStaffForm(bookingStatusSchema, { status: fields.status }, key);
  if (!parsed.ok) return parsed.failure;
  const result = await changeBookingStatus(ctx, staff, id, parsed.data.status);
  if (result.outcome === "not-found") return staffFormFailure(404, "Not found", { intent: key });
  // Re-opening a cancelled booking whose time was booked again since: the API's 409, in the screen's words.
  if (result.outcome === "slot-taken") return staffFormFailure(409, b.slotTaken, { intent: key });
  const toast = { confirmed: b.confirmedTitle, cancelled: b.cancelledTitle, pending: b.reopenedTitle }[parsed.data.status];
  return staffFormSuccess(ctx, request, { intent: key, toast });
}
