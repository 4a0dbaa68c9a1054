import type { AppContext } from "~/server/context.server";
import { findBooking, SlotTakenError, takenSlotsOn } from "~/server/data/bookings.server";
import { findService, listServices } from "~/server/data/services.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import { asLocale, type Locale } from "~/shared/i18n/locales";
import type { LeadSource } from "~/shared/leads/lead-source";
import { localizeService, type Service } from "~/shared/types/service";
import { dealerToday } from "~/shared/lib/dealer-clock";
import { availableSlots, isDateBookable, type TakenSlot } from "./available-slots";
import type { CreatedBooking } from "./booking-client";
import { storeBookingWithMails } from "./booking-manage.server";
import { bookingCalendarText } from "./booking-mails.server";
import type { BookingInput } from "./booking-schema";

/** What a VIN decodes to (NHTSA vPIC, offline); the app passes the decoder in (it lives with the vehicles feature). */
export type DecodedVin = { year: number | null; make: string | null; model: string | null };
export type VinDecode = (vin: string) => Promise<DecodedVin | null>;

/** A booking waits at most this long for a VIN to decode (the first decode unpacks the vPIC database). */
const VIN_DECODE_WAIT_MS = 8_000;

/**
 * The customer's vehicle with blanks filled from its VIN: what the shopper typed is kept, since a
 * service desk would rather ask than overwrite it. A VIN that does not decode in time, or at all,
 * leaves the typed parts as they are.
 */
export async function customerVehicle(
  input: Pick<BookingInput, "vehicleYear" | "vehicleMake" | "vehicleModel" | "vehicleMileage" | "vehicleVin">,
  decodeVin: VinDecode | undefined,
  waitMs = VIN_DECODE_WAIT_MS,
) {
  let decoded: DecodedVin | null = null;
  if (input.vehicleVin && decodeVin) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
    decoded = await Promise.race([decodeVin(input.vehicleVin).catch(() => null), late]).finally(() => clearTimeout(timer));
  }
  return {
    vehicleYear: input.vehicleYear ?? decoded?.year ?? null,
    vehicleMake: input.vehicleMake ?? decoded?.make ?? null,
    vehicleModel: input.vehicleModel ?? decoded?.model ?? null,
    vehicleMileage: input.vehicleMileage ?? null,
    vehicleVin: input.vehicleVin ?? null,
  };
}

/** Why a well-formed request cannot have its slot, judged on the dealership's clock. */
export type SlotRefusal =
  | { field: "serviceId"; reason: "unknown-service" }
  | { field: "bookingDate"; reason: "date-past" | "day-not-offered" }
  | { field: "bookingTime"; reason: "time-not-offered" | "time-past" };

/** What booking a slot can come to; callers (API router, route action) turn it into HTTP or UI. */
export type CreateBookingResult =
  { kind: "booked"; booking: CreatedBooking } | ({ kind: "refused" } & SlotRefusal) | { kind: "slot-taken" };

/** The shopper-facing message of a refusal, under the field it concerns. */
/** The refusal as a field message in the shopper's language. */
export function refusalFieldErrors(refusal: SlotRefusal, locale: Locale = "en"): Record<string, string> {
  const v = messagesFor(locale).booking.validation;
  const messages: Record<SlotRefusal["reason"], string> = {
    "unknown-service": v.serviceId,
    "date-past": v.datePast,
    "day-not-offered": v.dayNotOffered,
    "time-not-offered": v.timeNotOffered,
    "time-past": v.timePast,
  };
  return { [refusal.field]: messages[refusal.reason] };
}

/**
 * The service menu in `locale`, for the booking page's loader and GET /api/services: each text
 * in that language when staff translated it, else in English marked as such (decision 068).
 */
export async function listBookableServices(ctx: AppContext, locale: Locale = "en"): Promise<Service[]> {
  return (await listServices(ctx.db)).map((service) => localizeService(service, locale));
}

/** Which slots active bookings hold on `isoDate`: only serviceId and bookingTime, never who booked. */
export async function takenSlotsForDate(ctx: AppContext, isoDate: string): Promise<TakenSlot[]> {
  const rows = await takenSlotsOn(ctx.db, isoDate);
  return rows.map(({ serviceId, bookingTime }) => ({ serviceId, bookingTime }));
}

/**
 * Books a slot for values the booking schema has already parsed. Re-checks the slot rules on
 * the server, judged on the dealership's clock: that the service exists, the date is not past
 * and the service runs that weekday, the time is one of the service's times (and not already
 * past today). Whether the slot is free is decided by the database's partial unique index, so
 * two racing requests cannot both win: the loser gets `slot-taken`.
 */
export async function createBooking(
  ctx: AppContext,
  input: BookingInput,
  now = new Date(),
  locale: Locale = "en",
  decodeVin?: VinDecode,
  source: LeadSource | null = null,
): Promise<CreateBookingResult> {
  const service = await findService(ctx.db, input.serviceId);
  if (!service) return { kind: "refused", field: "serviceId", reason: "unknown-service" };
  if (input.bookingDate < dealerToday(now)) return { kind: "refused", field: "bookingDate", reason: "date-past" };
  if (!isDateBookable(service, input.bookingDate, now)) return { kind: "refused", field: "bookingDate", reason: "day-not-offered" };
  if (!service.availableTimes.includes(input.bookingTime)) return { kind: "refused", field: "bookingTime", reason: "time-not-offered" };
  // Taken slots are left to the unique index below; here only the clock can still rule a time out.
  if (!availableSlots(service, input.bookingDate, [], now).includes(input.bookingTime))
    return { kind: "refused", field: "bookingTime", reason: "time-past" };

  try {
    const booking = await storeBookingWithMails(
      ctx,
      {
        serviceId: service.id,
        customerFirstName: input.customerFirstName,
        customerLastName: input.customerLastName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone,
        bookingDate: input.bookingDate,
        bookingTime: input.bookingTime,
        notes: input.notes ?? null,
        ...(await customerVehicle(input, decodeVin)),
        locale,
      },
      service,
      now,
      source,
    );
    ctx.logger.info({ bookingId: booking.id, serviceId: service.id, bookingDate: booking.bookingDate }, "booking created");
    const { id, serviceId, bookingDate, bookingTime, status } = booking;
    return { kind: "booked", booking: { id, serviceId, bookingDate, bookingTime, status } };
  } catch (error) {
    if (error instanceof SlotTakenError) return { kind: "slot-taken" };
    throw error;
  }
}

/**
 * The appointment as an iCalendar file, or null for an unknown or cancelled booking. The
 * booking id (a random UUID) is the only key; the file carries no customer data.
 */
export async function bookingCalendarDownload(
  ctx: AppContext,
  bookingId: string,
  now = new Date(),
): Promise<{ fileName: string; body: string } | null> {
  const booking = await findBooking(ctx.db, bookingId);
  if (!booking || booking.status === "cancelled") return null;
  const service = await findService(ctx.db, booking.serviceId);
  if (!service) return null;
  // The file is in the language the shopper booked in, at the booking's current SEQUENCE.
  const ics = messagesFor(asLocale(booking.locale)).booking.ics;
  const body = bookingCalendarText(ctx.env, booking, service, "PUBLISH", now);
  return { fileName: ics.fileName(booking.bookingDate), body };
}
