/** The kind of the booking reminder mail: the worker re-checks its booking before sending it. */
export const BOOKING_REMINDER_KIND = "booking-reminder";

/** An alert digest (price drops, sale pending, sold, new matches): re-checked against mayMailAlerts before it is sent. */
export const ALERT_DIGEST_KIND = "alert-digest";
/** The double opt-in's confirmation mail. */
export const ALERT_CONFIRMATION_KIND = "alert-confirmation";
