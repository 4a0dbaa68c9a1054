import { addDays, dealershipToday, weekdayOf, type SlotService } from "~/features/booking/available-slots";
import type { Weekday } from "~/shared/config/business-profile";

/**
 * Test dates chosen from the dealership's calendar (America/New_York), so tests hold on
 * any weekday and at any hour: never today (whose times may already have passed).
 */
export function upcomingDateFor(service: SlotService, minDaysAhead = 3, now = new Date()): string {
  for (let step = minDaysAhead; step < minDaysAhead + 14; step++) {
    const date = addDays(dealershipToday(now), step);
    if (service.availableDays.includes(weekdayOf(date))) return date;
  }
  throw new Error(`Service ${service.id} runs on no day`);
}

/** The most recent past date on which the service runs (so only "past" is wrong with it). */
export function recentPastDateFor(service: SlotService, now = new Date()): string {
  for (let step = 1; step < 15; step++) {
    const date = addDays(dealershipToday(now), -step);
    if (service.availableDays.includes(weekdayOf(date))) return date;
  }
  throw new Error(`Service ${service.id} runs on no day`);
}

/** A future date (a few days ahead) that falls on `weekday`. */
export function upcomingWeekday(weekday: Weekday, minDaysAhead = 3, now = new Date()): string {
  for (let step = minDaysAhead; step < minDaysAhead + 7; step++) {
    const date = addDays(dealershipToday(now), step);
    if (weekdayOf(date) === weekday) return date;
  }
  throw new Error("unreachable");
}
