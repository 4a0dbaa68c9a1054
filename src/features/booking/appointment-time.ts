import { wallClockInstant } from "~/shared/lib/dealer-clock";
import { minutesOf } from "./available-slots";

/** How long before an appointment its reminder is sent; a booking made closer than this gets none. */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;

/** The instant an appointment on the dealership's wall clock (`isoDate`, "HH:mm") begins. */
export const appointmentStart = (isoDate: string, time: string, timeZone: string): Date =>
  wallClockInstant(isoDate, minutesOf(time), timeZone);

/** When the reminder is due: 24 h before the start, or null when the booking was made closer than that. */
export function reminderDueAt(start: Date, bookedAt: Date): Date | null {
  const due = new Date(start.getTime() - REMINDER_LEAD_MS);
  return due.getTime() < bookedAt.getTime() ? null : due;
}
