import { businessProfile, type Weekday } from "~/shared/config/business-profile";

/**
 * The dealership's clock (docs/decisions/102-one-dealership-clock.md): the one place that turns an
 * instant into the dealership's wall clock and back. "Today", a calendar day's start and end, a
 * wall-clock time's instant and the staff's display of an instant are all read on the dealership's
 * clock (America/New_York), never the server's or the viewer's, across daylight-saving changes.
 * Calendar dates are "yyyy-MM-dd", times of day minutes after midnight.
 */
export const DEALER_TIME_ZONE = businessProfile.timeZone;

const MINUTE_MS = 60_000;

/** Constructing an Intl formatter is the slow part (a report reads thousands of instants): one per zone. */
const partsFormatters: Record<string, Intl.DateTimeFormat> = {};

/** Weekday, minutes after midnight and calendar date of `instant` on a wall clock in `timeZone`. */
export function zonedClock(instant: Date, timeZone: string = DEALER_TIME_ZONE): { weekday: Weekday; minutes: number; isoDate: string } {
  const formatter = (partsFormatters[timeZone] ??= new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hourCycle: "h23",
  }));
  const parts = formatter.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    weekday: get("weekday").toLowerCase() as Weekday,
    minutes: Number(get("hour")) * 60 + Number(get("minute")),
    isoDate: `${get("year")}-${get("month")}-${get("day")}`,
  };
}

/** How many minutes `timeZone`'s wall clock is ahead of UTC at `instant` (−300 for EST, −240 for EDT). */
export function zoneOffsetMinutes(instant: number, timeZone: string = DEALER_TIME_ZONE): number {
  const minute = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
  const { isoDate, minutes } = zonedClock(new Date(minute), timeZone);
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d, 0, minutes) - minute) / MINUTE_MS;
}

/**
 * The instant a wall-clock time (`isoDate`, `minutes` after midnight) happens in `timeZone`. The offset
 * is read twice: near a daylight-saving change the one at the first guess can differ from the answer's.
 * A time the spring change skips (2:30 AM) lands an hour later, as a clock that jumps would show it.
 */
export function wallClockInstant(isoDate: string, minutes: number, timeZone: string = DEALER_TIME_ZONE): Date {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const guess = wall - zoneOffsetMinutes(wall, timeZone) * MINUTE_MS;
  return new Date(wall - zoneOffsetMinutes(guess, timeZone) * MINUTE_MS);
}

/** The dealership's calendar date at `now`. */
export const dealerToday = (now: Date, timeZone: string = DEALER_TIME_ZONE): string => zonedClock(now, timeZone).isoDate;

/** `isoDate` moved by `days` calendar days ("2026-12-31" + 1 → "2027-01-01"); no time zone involved. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant the dealership's calendar day `isoDate` begins (its midnight, whatever the offset that day). */
export const startOfDealerDay = (isoDate: string, timeZone: string = DEALER_TIME_ZONE): Date => wallClockInstant(isoDate, 0, timeZone);

/** The end of the dealership's day that `now` falls in: the next midnight on its clock, as an instant. */
export const endOfDealerDay = (now: Date, timeZone: string = DEALER_TIME_ZONE): Date =>
  startOfDealerDay(addDays(dealerToday(now, timeZone), 1), timeZone);

const WALL_CLOCK_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * A datetime-local input's value ("2026-11-28T14:05", no offset) read on the dealership's clock: what
 * staff type is the dealership's time, whatever zone their phone is in. Null for anything else.
 */
export function dealerWallClockInstant(value: string, timeZone: string = DEALER_TIME_ZONE): Date | null {
  const match = WALL_CLOCK_INPUT.exec(value);
  if (!match) return null;
  const [, isoDate, hours, minutes] = match as unknown as [string, string, string, string];
  if (Number(hours) > 23 || Number(minutes) > 59 || Number.isNaN(Date.parse(`${isoDate}T00:00:00Z`))) return null;
  return wallClockInstant(isoDate, Number(hours) * 60 + Number(minutes), timeZone);
}

/** The value a datetime-local input shows for `instant` on the dealership's clock ("2026-11-28T14:05"). */
export function dealerWallClockValue(instant: Date, timeZone: string = DEALER_TIME_ZONE): string {
  const { isoDate, minutes } = zonedClock(instant, timeZone);
  return `${isoDate}T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
