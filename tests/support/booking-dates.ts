import type { Page } from "playwright-core";
import { weekdayOf, type SlotService } from "~/features/booking/available-slots";
import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import type { Weekday } from "~/shared/config/business-profile";

/**
 * Test dates chosen from the dealership's calendar (America/New_York), so tests hold on
 * any weekday and at any hour: never today (whose times may already have passed).
 */
export function upcomingDateFor(service: SlotService, minDaysAhead = 3, now = new Date()): string {
  for (let step = minDaysAhead; step < minDaysAhead + 14; step++) {
    const date = addDays(dealerToday(now), step);
    if (service.availableDays.includes(weekdayOf(date))) return date;
  }
  throw new Error(`Service ${service.id} runs on no day`);
}

/** The most recent past date on which the service runs (so only "past" is wrong with it). */
export function recentPastDateFor(service: SlotService, now = new Date()): string {
  for (let step = 1; step < 15; step++) {
    const date = addDays(dealerToday(now), -step);
    if (service.availableDays.includes(weekdayOf(date))) return date;
  }
  throw new Error(`Service ${service.id} runs on no day`);
}

/** A future date (a few days ahead) that falls on `weekday`. */
export function upcomingWeekday(weekday: Weekday, minDaysAhead = 3, now = new Date()): string {
  for (let step = minDaysAhead; step < minDaysAhead + 7; step++) {
    const date = addDays(dealerToday(now), step);
    if (weekdayOf(date) === weekday) return date;
  }
  throw new Error("unreachable");
}

/**
 * Clicks `isoDate` in the booking calendar, turning to the next month first when the calendar
 * (which opens on the first bookable day's month) does not show it: near a month's end the day a
 * test picks a few days ahead falls in the next one. By react-day-picker's class, in any language.
 */
export async function chooseCalendarDay(page: Page, isoDate: string): Promise<void> {
  const day = page.locator(`[data-day="${isoDate}"] button`);
  await page.getByRole("grid").first().waitFor();
  if ((await day.count()) === 0) await page.locator(".rdp-button_next").first().click();
  await day.click();
}
