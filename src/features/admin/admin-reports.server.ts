import type { AppContext } from "~/server/context.server";
import { findBooking, listBookingsFrom, setBookingStatus, type Booking, type BookingStatus } from "~/server/data/bookings.server";
import { listContactSubmissions, type ContactSubmission } from "~/server/data/contact-submissions.server";
import { listServices } from "~/server/data/services.server";
import { countActiveVisitors, dailyPageViews, pageViewCounts } from "~/server/data/visitors.server";
import { businessProfile } from "~/shared/config/business-profile";
import { zonedClock } from "~/shared/lib/business-hours";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { listVehicles } from "~/server/data/vehicles.server";

/** Spec §9: active visitors are those seen in the last 5 minutes. */
export const ACTIVE_WINDOW_MS = 5 * 60 * 1000;
export const DAILY_DAYS = 30;

export const visitorStats = (ctx: AppContext) => pageViewCounts(ctx.db);

export async function activeVisitors(ctx: AppContext, now = new Date()): Promise<{ count: number }> {
  return { count: await countActiveVisitors(ctx.db, new Date(now.getTime() - ACTIVE_WINDOW_MS)) };
}

/** Page views per UTC day for the last 30 days, zero-filled so the chart has every day. */
export async function dailyVisitorStats(ctx: AppContext, now = new Date()): Promise<{ day: string; count: number }[]> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DAILY_DAYS - 1)));
  const counts = new Map((await dailyPageViews(ctx.db, start)).map((d) => [d.day, d.count]));
  return Array.from({ length: DAILY_DAYS }, (_, i) => {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { day, count: counts.get(day) ?? 0 };
  });
}

export type AdminBooking = Booking & { serviceName: string | null };

/** Bookings from today (dealership time) on, with their service names. */
export async function upcomingBookings(ctx: AppContext, now = new Date()): Promise<AdminBooking[]> {
  const today = zonedClock(now, businessProfile.timeZone).isoDate;
  const [bookings, services] = await Promise.all([listBookingsFrom(ctx.db, today), listServices(ctx.db)]);
  const names = new Map(services.map((s) => [s.id, s.name]));
  return bookings.map((b) => ({ ...b, serviceName: names.get(b.serviceId) ?? null }));
}

/** Confirms, cancels or re-opens a booking; null when unknown. A cancelled slot is bookable again. */
export async function changeBookingStatus(ctx: AppContext, id: string, status: BookingStatus): Promise<Booking | null> {
  if (!(await setBookingStatus(ctx.db, id, status))) return null;
  return findBooking(ctx.db, id);
}

/** A message plus the path of the vehicle it asks about, when that vehicle still exists. */
export type AdminMessage = ContactSubmission & { vehiclePath: string | null };

export async function listMessages(ctx: AppContext): Promise<AdminMessage[]> {
  const messages = await listContactSubmissions(ctx.db);
  const wanted = new Set(messages.map((m) => m.vehicleId).filter(Boolean));
  const vehicles = wanted.size ? (await listVehicles(ctx.db)).filter((v) => wanted.has(v.id)) : [];
  const paths = new Map(vehicles.map((v) => [v.id, vehiclePath(v)]));
  return messages.map((m) => ({ ...m, vehiclePath: m.vehicleId ? (paths.get(m.vehicleId) ?? null) : null }));
}
