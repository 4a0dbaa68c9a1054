import type { TakenSlot } from "./available-slots";
import type { FormPostFailed } from "~/shared/ui/form-post";

/** A failed API call (docs/behaviour.md §7: the message is "status: body text"). */
export class BookingRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; fieldErrors?: Record<string, string> } | null,
    text: string,
  ) {
    super(`${status}: ${text}`);
  }
}

async function failure(res: Response): Promise<BookingRequestError> {
  const text = await res.text().catch(() => "");
  let body: BookingRequestError["body"] = null;
  try {
    body = text ? (JSON.parse(text) as BookingRequestError["body"]) : null;
  } catch {
    body = null;
  }
  return new BookingRequestError(res.status, body, text || res.statusText);
}

/** GET /api/bookings/date/{date}: the slots active bookings hold that day. */
export async function fetchTakenSlots(isoDate: string, signal?: AbortSignal): Promise<TakenSlot[]> {
  const res = await fetch(`/api/bookings/date/${encodeURIComponent(isoDate)}`, { credentials: "include", signal });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as TakenSlot[];
}

/** What POST /api/bookings answers: no customer data is echoed. */
export type CreatedBooking = { id: string; serviceId: string; bookingDate: string; bookingTime: string; status: string };

/** Where the confirmation's add-to-calendar link points. */
export const bookingIcsUrl = (id: string) => `/api/bookings/${encodeURIComponent(id)}/ics`;

/**
 * The booking route action's answer to the form, posted with or without JavaScript: the
 * confirmation, or the field messages with what was typed (the service, date and time chosen,
 * the details); `failed` when the post with JavaScript got no answer.
 */
export type BookingPostResult =
  | { kind: "booked"; booking: CreatedBooking; serviceName: string; email: string }
  | { kind: "invalid"; fieldErrors: Record<string, string>; values: Record<string, string> }
  | { kind: "slot-taken"; values: Record<string, string> }
  | { kind: "too-large" }
  | FormPostFailed;
