import { startOfDealerDay, wallClockInstant, zonedClock } from "~/shared/lib/dealer-clock";

/**
 * When alert mails may go out, on the dealership's clock (docs/behaviour.md §21, decision 117): from
 * 8:00 until 21:00. An event at night waits for the morning; nobody's phone buzzes at 2 a.m. about a car.
 */
export const ALERT_MAIL_WINDOW = { fromMinutes: 8 * 60, untilMinutes: 21 * 60 };
const DAY_MINUTES = 24 * 60;

/** `at`, or the start of the next mail window when `at` is outside one. */
export function intoMailWindow(at: Date, timeZone: string): Date {
  const { isoDate, minutes } = zonedClock(at, timeZone);
  if (minutes < ALERT_MAIL_WINDOW.fromMinutes) return wallClockInstant(isoDate, ALERT_MAIL_WINDOW.fromMinutes, timeZone);
  if (minutes >= ALERT_MAIL_WINDOW.untilMinutes) return wallClockInstant(isoDate, DAY_MINUTES + ALERT_MAIL_WINDOW.fromMinutes, timeZone);
  return at;
}

/** The next morning's mail window after `at`'s dealership day. */
export function nextMorning(at: Date, timeZone: string): Date {
  return wallClockInstant(zonedClock(at, timeZone).isoDate, DAY_MINUTES + ALERT_MAIL_WINDOW.fromMinutes, timeZone);
}

/** Whether two instants fall on the same dealership day. */
export function sameDealershipDay(a: Date, b: Date, timeZone: string): boolean {
  return zonedClock(a, timeZone).isoDate === zonedClock(b, timeZone).isoDate;
}

/**
 * When the digest holding an event at `eventAt` is due, at most one alert mail a day per address:
 * - not mailed yet that day: `delayMs` after the event (ALERT_DIGEST_DELAY), so the events of those
 *   minutes go out together;
 * - already mailed that day: the next morning, with every event of the rest of the day;
 * either way inside the mail window.
 */
export function digestDueAt(eventAt: Date, lastMailAt: Date | null, delayMs: number, timeZone: string): Date {
  const mailedToday = lastMailAt !== null && sameDealershipDay(lastMailAt, eventAt, timeZone);
  return intoMailWindow(mailedToday ? nextMorning(eventAt, timeZone) : new Date(eventAt.getTime() + delayMs), timeZone);
}

/** The start of `at`'s dealership day: a mail at or after it was sent "today". */
export function dealershipMidnight(at: Date, timeZone: string): Date {
  return startOfDealerDay(zonedClock(at, timeZone).isoDate, timeZone);
}
