import { weekdays, type BusinessProfile } from "~/shared/config/business-profile";
import { addDays, wallClockInstant, zonedClock } from "./dealer-clock";

/** The weekly opening hours, as the business profile gives them. */
export type WeeklyHours = BusinessProfile["hours"];

const MINUTE_MS = 60_000;
/** How far ahead to look for an opening: a dealership closed for longer than this has no hours. */
const SEARCH_DAYS = 366;

/** Each opening interval from the day of `from` onwards, as instants, in order. */
function* openIntervals(from: Date, hours: WeeklyHours, timeZone: string): Generator<{ open: number; close: number }> {
  let isoDate = zonedClock(from, timeZone).isoDate;
  for (let day = 0; day < SEARCH_DAYS; day++, isoDate = addDays(isoDate, 1)) {
    const interval = hours[weekdays[new Date(`${isoDate}T00:00:00Z`).getUTCDay()]!];
    if (!interval || interval.close <= interval.open) continue;
    yield {
      open: wallClockInstant(isoDate, interval.open, timeZone).getTime(),
      close: wallClockInstant(isoDate, interval.close, timeZone).getTime(),
    };
  }
}

/**
 * When the dealership is next open, from `at` on: `at` itself while it is open, else the start of
 * its next opening interval (docs/behaviour.md §18). Null when the hours open on no day at all.
 */
export function nextOpening(at: Date, hours: WeeklyHours, timeZone: string): Date | null {
  for (const { open, close } of openIntervals(at, hours, timeZone)) {
    if (at.getTime() < close) return new Date(Math.max(open, at.getTime()));
  }
  return null;
}

/**
 * When a lead that arrived at `createdAt` must have had its first response: `responseMinutes` of
 * opening hours later (docs/behaviour.md §18). Only open minutes count: a lead two minutes before
 * closing with five minutes to go is due three minutes after the next opening; one that arrives
 * while closed starts counting at the opening. Minutes are real elapsed time, so a daylight-saving
 * change overnight moves nothing. With no opening hours at all, the minutes count around the clock.
 */
export function responseDueAt(createdAt: Date, responseMinutes: number, hours: WeeklyHours, timeZone: string): Date {
  let remaining = responseMinutes * MINUTE_MS;
  const at = createdAt.getTime();
  for (const { open, close } of openIntervals(createdAt, hours, timeZone)) {
    const start = Math.max(open, at);
    if (start >= close) continue;
    if (remaining <= close - start) return new Date(start + remaining);
    remaining -= close - start;
  }
  return new Date(at + responseMinutes * MINUTE_MS);
}
