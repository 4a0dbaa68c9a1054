import type { AppContext } from "~/server/context.server";
import { findBooking, SlotTakenError, takenSlotsOn } from "~/server/data/bookings.server";
import { findService, listServices } from "~/server/data/services.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor } from "~/shared/i18n/messages";
import type { Service } from "~/shared/types/service";
import { availableSlots, dealershipToday, isDateBookable, type TakenSlot } from "./available-slots";
import { bookingCalendarFile } from "./booking-calendar-file";
import type { CreatedBooking } from "./booking-client";
import { storeBookingWithMails } from "./booking-manage.server";
import { bookingSchema } from "./booking-schema";

export type CreateBookingResult =
  | { status: 201; booking: CreatedBooking }
  | { status: 400; error: string; fieldErrors: Record<string, string> }
  | { status: 409; error: string };

/** The service menu, for the booking page's loader and GET /api/services. */
export async function listBookableServices(ctx: AppContext): Promise<Service[]> {
  return listServices(ctx.db);
}

/** Which slots active bookings hold on `isoDate`: only serviceId and bookingTime, never who booked. */
export async function takenSlotsForDate(ctx: AppContext, isoDate: string): Promise<TakenSlot[]> {
  const rows = await takenSlotsOn(ctx.db, isoDate);
  return rows.map(({ serviceId, bookingTime }) => ({ serviceId, bookingTime }));
}

/**
 * Books a slot. Re-checks every rule on the server, judged on the dealership's clock: the
 * form schema, that the service exists, the date is not past and the service runs that
 * weekday, the time is one of the service's times (and not already past today). Whether
 * the slot is free is decided by the database's partial unique index, so two racing
 * requests cannot both win: the loser gets 409.
 */
export async function createBooking(ctx: AppContext, body: unknown, now = new Date(), locale = "en"): Promise<CreateBookingResult> {
  const v = messagesFor().booking.validation;
  const invalid = (fieldErrors: Record<string, string>): CreateBookingResult => ({ status: 400, error: v.fixFields, fieldErrors });

  const parsed = bookingSchema.safeParse(body ?? {});
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const input = parsed.data;

  const service = await findService(ctx.db, input.serviceId);
  if (!service) return invalid({ serviceId: v.serviceId });
  if (input.bookingDate < dealershipToday(now)) return invalid({ bookingDate: v.datePast });
  if (!isDateBookable(service, input.bookingDate, now)) return invalid({ bookingDate: v.dayNotOffered });
  if (!service.availableTimes.includes(input.bookingTime)) return invalid({ bookingTime: v.timeNotOffered });
  // Taken slots are left to the unique index below; here only the clock can still rule a time out.
  if (!availableSlots(service, input.bookingDate, [], now).includes(input.bookingTime)) return invalid({ bookingTime: v.timePast });

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
        locale,
      },
      service,
      now,
    );
    ctx.logger.info({ bookingId: booking.id, serviceId: service.id, bookingDate: booking.bookingDate }, "booking created");
    const { id, serviceId, bookingDate, bookingTime, status } = booking;
    return { status: 201, booking: { id, serviceId, bookingDate, bookingTime, status } };
  } catch (error) {
    if (error instanceof SlotTakenError) return { status: 409, error: messagesFor().booking.toast.slotTaken };
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
  const ics = messagesFor().booking.ics;
  const body = bookingCalendarFile({
    bookingId: booking.id,
    serviceName: service.name,
    duration: service.duration,
    bookingDate: booking.bookingDate,
    bookingTime: booking.bookingTime,
    summary: ics.summary(service.name, businessProfile.name),
    description: ics.description(service.name, service.duration, businessProfile.phone),
    profile: businessProfile,
    now,
  });
  return { fileName: ics.fileName(booking.bookingDate), body };
}
