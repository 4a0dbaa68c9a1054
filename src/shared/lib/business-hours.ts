import { businessProfile, weekdays, type BusinessProfile, type Weekday } from "~/shared/config/business-profile";

/** Weekday and minutes-after-midnight of `instant` as seen on a wall clock in `timeZone`. */
export function zonedClock(instant: Date, timeZone: string): { weekday: Weekday; minutes: number; isoDate: string } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = get("weekday").toLowerCase() as Weekday;
  const minutes = Number(get("hour")) * 60 + Number(get("minute"));
  return { weekday, minutes, isoDate: `${get("year")}-${get("month")}-${get("day")}` };
}

/**
 * Whether the dealership is open at `instant`, judged on the dealership's own clock
 * (America/New_York), never the viewer's.
 */
export function computeOpenStatus(instant: Date, profile: BusinessProfile = businessProfile): "open" | "closed" {
  const { weekday, minutes } = zonedClock(instant, profile.timeZone);
  const interval = profile.hours[weekday];
  return interval && minutes >= interval.open && minutes < interval.close ? "open" : "closed";
}

/** "8:30 AM" for 510 minutes after midnight. */
export function formatClockTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const suffix = h >= 12 ? "PM" : "AM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${h12} ${suffix}` : `${h12}:${String(m).padStart(2, "0")} ${suffix}`;
}

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
