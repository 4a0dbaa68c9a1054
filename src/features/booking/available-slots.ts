import { businessProfile, weekdays, type Weekday } from "~/shared/config/business-profile";
import { addDays, dealerToday, zonedClock } from "~/shared/lib/dealer-clock";
import type { Locale } from "~/shared/i18n/locales";
import type { Service } from "~/shared/types/service";

/**
 * Slot rules of docs/behaviour.md §2/§5, shared by the calendar, the time-slot list and the server's
 * re-check. Dates are "yyyy-MM-dd" calendar days of the dealership, times "HH:mm" on its
 * wall clock; "today" and "now" are always judged in the dealership's time zone, never
 * the viewer's.
 */
export type SlotService = Pick<Service, "id" | "availableDays" | "availableTimes">;

/** An active booking as GET /api/bookings/date/{date} returns it. */
export type TakenSlot = { serviceId: string; bookingTime: string };

/** docs/behaviour.md §9: the search for the next enabled calendar day gives up after this many steps. */
export const NEXT_BOOKABLE_DATE_SEARCH_LIMIT = 365;

export const DEALERSHIP_TIME_ZONE = businessProfile.timeZone;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day of the week of a calendar date; independent of any time zone. */
export function weekdayOf(isoDate: string): Weekday {
  const [, y, m, d] = ISO_DATE.exec(isoDate) ?? [];
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).getUTCDay();
  return weekdays[day]!;
}

/** Minutes after midnight of "HH:mm". */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":");
  return Number(h) * 60 + Number(m);
}

/** "9:00 AM" for "09:00"; "9:00 a. m." in US Spanish and "09:00" in Brazilian Portuguese, like the opening hours. */
export function formatSlotTime(time: string, locale: Locale = "en"): string {
  const minutes = minutesOf(time);
  const h = Math.floor(minutes / 60);
  const mm = String(minutes % 60).padStart(2, "0");
  if (locale === "pt") return `${String(h).padStart(2, "0")}:${mm}`;
  const suffix = locale === "es" ? (h >= 12 ? "p. m." : "a. m.") : h >= 12 ? "PM" : "AM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${mm} ${suffix}`;
}

/** Whether the service runs on `isoDate` and the date is today or later at the dealership. */
export function isDateBookable(service: SlotService, isoDate: string, now: Date, timeZone = DEALERSHIP_TIME_ZONE): boolean {
  if (!ISO_DATE.test(isoDate)) return false;
  if (isoDate < dealerToday(now, timeZone)) return false;
  return service.availableDays.includes(weekdayOf(isoDate));
}

/**
 * The service's times still offered on `isoDate`: none when the date is not bookable,
 * minus the times an active booking of the same service holds, and on the dealership's
 * today minus the times that are not in the future any more.
 */
export function availableSlots(
  service: SlotService,
  isoDate: string,
  taken: readonly TakenSlot[],
  now: Date,
  timeZone = DEALERSHIP_TIME_ZONE,
): string[] {
  if (!isDateBookable(service, isoDate, now, timeZone)) return [];
  const held = new Set(taken.filter((t) => t.serviceId === service.id).map((t) => t.bookingTime));
  const clock = zonedClock(now, timeZone);
  const isToday = isoDate === clock.isoDate;
  return service.availableTimes.filter((time) => !held.has(time) && (!isToday || minutesOf(time) > clock.minutes));
}

/**
 * The first bookable date on or after `fromIsoDate`, or null when none is found within
 * NEXT_BOOKABLE_DATE_SEARCH_LIMIT steps (docs/behaviour.md §9), e.g. a service that runs on no day.
 */
export function nextBookableDate(service: SlotService, fromIsoDate: string, now: Date, timeZone = DEALERSHIP_TIME_ZONE): string | null {
  const today = dealerToday(now, timeZone);
  for (let step = 0; step < NEXT_BOOKABLE_DATE_SEARCH_LIMIT; step++) {
    const candidate = addDays(fromIsoDate, step);
    if (candidate >= today && service.availableDays.includes(weekdayOf(candidate))) return candidate;
  }
  return null;
}
