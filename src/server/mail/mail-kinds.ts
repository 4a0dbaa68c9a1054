/** The kind of the booking reminder mail: the worker re-checks its booking before sending it. */
export const BOOKING_REMINDER_KIND = "booking-reminder";

/**
 * Customer mails that are no answer to something the shopper just asked for, so a "do not contact
 * by e-mail" cancels them even after they were queued (decision 094): a staff reply, the after-hours
 * reply. The alerts' two kinds (below) ask the same through mayMailAlerts, which the worker calls for
 * them: their own unsubscribe and the do-not-contact flag, in one gate.
 */
export const OPT_OUT_BOUND_KINDS: ReadonlySet<string> = new Set(["customer-reply", "after-hours-reply"]);

/**
 * A lead's acknowledgement to the shopper ("we received it, we'll answer soon"). After hours the
 * after-hours reply says when we open and answer, so the lead's acknowledgement is not sent beside it
 * (L5: two mails that contradicted each other). The booking confirmation and the deal sheet carry
 * what the shopper asked for and always go.
 */
export const ACKNOWLEDGEMENT_KINDS: ReadonlySet<string> = new Set(["contact-ack", "trade-in-ack", "financing-receipt"]);
/** The shopper's reply when their lead arrives while the dealership is closed (decision 076). */
export const AFTER_HOURS_REPLY_KIND = "after-hours-reply";
/** An alert digest (price drops, sale pending, sold, new matches): re-checked against mayMailAlerts before it is sent. */
export const ALERT_DIGEST_KIND = "alert-digest";
/** The double opt-in's confirmation mail. */
export const ALERT_CONFIRMATION_KIND = "alert-confirmation";
