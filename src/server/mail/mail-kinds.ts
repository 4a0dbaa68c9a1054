/** The kind of the booking reminder mail: the worker re-checks its booking before sending it. */
export const BOOKING_REMINDER_KIND = "booking-reminder";
