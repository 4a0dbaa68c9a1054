import { minutesOf } from "./available-slots";

/** How long before an appointment its reminder is sent; a booking made closer than this gets none. */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;

/** Milliseconds `timeZone`'s wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return wall - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/** The instant an appointment on the dealership's wall clock (`isoDate`, "HH:mm") begins. */
export function appointmentStart(isoDate: string, time: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, 0, minutesOf(time));
  let instant = wall - zoneOffsetMs(new Date(wall), timeZone);
  // Near a DST change the offset at the first guess can differ from the one at the answer.
  const corrected = wall - zoneOffsetMs(new Date(instant), timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/** When the reminder is due: 24 h before the start, or null when the booking was made closer than that. */
export function reminderDueAt(start: Date, bookedAt: Date): Date | null {
  const due = new Date(start.getTime() - REMINDER_LEAD_MS);
  return due.getTime() < bookedAt.getTime() ? null : due;
}
