import { businessProfile, weekdays, type BusinessProfile, type Weekday } from "~/shared/config/business-profile";
import type { Locale } from "~/shared/i18n/locales";
import { zonedClock, zoneOffsetMinutes } from "./dealer-clock";

const MINUTE_MS = 60_000;
const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;

/**
 * The dealership clock's offset from UTC (−300 for EST, −240 for EDT) and the instant until which
 * it holds (the next daylight-saving change, or a week ahead). The server sends it to the browser,
 * so the Open/Closed badge is worked out without `Intl.DateTimeFormat`: a page's first one costs a
 * phone 200–300 ms of main thread while ICU loads its date data (decision 049).
 */
export type ClockOffset = { offsetMinutes: number; validUntil: number };

let lastOffset: { minute: number; timeZone: string; offset: ClockOffset } | undefined;

/** `ClockOffset` at `now` (to the minute; memoised, as every page's render asks for it). */
export function clockOffset(now: number, timeZone: string = businessProfile.timeZone): ClockOffset {
  const minute = Math.floor(now / MINUTE_MS);
  if (lastOffset?.minute === minute && lastOffset.timeZone === timeZone) return lastOffset.offset;
  const offsetMinutes = zoneOffsetMinutes(now, timeZone);
  let validUntil = now + WEEK_MS;
  if (zoneOffsetMinutes(validUntil, timeZone) !== offsetMinutes) {
    // A change within the week (two never fall in one): find its minute.
    let holds = now;
    while (validUntil - holds > MINUTE_MS) {
      const middle = Math.floor((holds + validUntil) / 2);
      if (zoneOffsetMinutes(middle, timeZone) === offsetMinutes) holds = middle;
      else validUntil = middle;
    }
    validUntil = Math.floor(validUntil / MINUTE_MS) * MINUTE_MS;
  }
  const offset = { offsetMinutes, validUntil };
  lastOffset = { minute, timeZone, offset };
  return offset;
}

/** `zonedClock`'s weekday and minutes from a known offset while it holds, else from `Intl`. */
function dealershipClock(instant: Date, timeZone: string, offset?: ClockOffset): { weekday: Weekday; minutes: number } {
  if (!offset || instant.getTime() >= offset.validUntil) return zonedClock(instant, timeZone);
  const wall = new Date(instant.getTime() + offset.offsetMinutes * MINUTE_MS);
  return { weekday: weekdays[wall.getUTCDay()]!, minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/**
 * Whether the dealership is open at `instant`, judged on the dealership's own clock
 * (America/New_York), never the viewer's; `offset` (from `clockOffset`) spares the browser `Intl`.
 */
export function computeOpenStatus(instant: Date, profile: BusinessProfile = businessProfile, offset?: ClockOffset): "open" | "closed" {
  const { weekday, minutes } = dealershipClock(instant, profile.timeZone, offset);
  const interval = profile.hours[weekday];
  return interval && minutes >= interval.open && minutes < interval.close ? "open" : "closed";
}

/**
 * A time of day on the dealership's clock in the language's own style, written by hand like
 * format.ts (no Intl on the first load, the same text on server and browser): "8:30 AM" / "6 PM"
 * in English, "8:30 a. m." / "6 p. m." in US Spanish, "8h30" / "18h" in Brazilian Portuguese.
 */
export function formatClockTime(minutes: number, locale?: Locale): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60 ? String(minutes % 60).padStart(2, "0") : "";
  if (locale === "pt") return `${h}h${m}`;
  const es = locale === "es";
  return `${h % 12 || 12}${m && `:${m}`} ${h < 12 ? (es ? "a. m." : "AM") : es ? "p. m." : "PM"}`;
}

/** Opening hours: "8:30 AM – 6 PM", "8:30 a. m. – 6 p. m.", "8h30 às 18h". */
export const formatClockRange = (open: number, close: number, locale?: Locale) =>
  `${formatClockTime(open, locale)} ${locale === "pt" ? "às" : "–"} ${formatClockTime(close, locale)}`;

/** The weekly hours as shown, one row per group of days: `{ days: "Mon – Fri", hours: "8:30 AM – 6 PM" }`. */
export type WeeklyHoursText = { days: string; hours: string }[];

export type HoursRow = { days: Weekday[]; interval: BusinessProfile["hours"][Weekday] };

/** Weekly hours grouped into rows of consecutive days sharing the same interval (Mon–Fri, Sat, Sun). */
export function weeklyHoursRows(profile: BusinessProfile = businessProfile): HoursRow[] {
  const order = [...weekdays.slice(1), weekdays[0]!];
  const rows: HoursRow[] = [];
  for (const day of order) {
    const interval = profile.hours[day];
    const last = rows.at(-1);
    if (last && JSON.stringify(last.interval) === JSON.stringify(interval)) last.days.push(day);
    else rows.push({ days: [day], interval });
  }
  return rows;
}
