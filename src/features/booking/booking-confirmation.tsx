import { CalendarPlus, CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { useLocale, useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { formatSlotTime } from "./available-slots";
import { bookingIcsUrl } from "./booking-client";
import { formatBookingDate } from "./booking-dates";

/**
 * The booking page's answer to a booking it made (decision 158): the success message of docs/behaviour.md §8 on the page, not in a
 * toast, and the focus on its heading when the page opens, so a screen reader announces it.
 */
export function BookingConfirmation({
  bookingId,
  serviceName,
  date,
  time,
  email,
}: {
  bookingId: string;
  serviceName: string;
  date: string;
  time: string;
  email: string;
}) {
  const booking = useMessages().booking;
  const m = booking.confirmation;
  const locale = useLocale();
  const path = useLocalizedPath();
  const rows: [string, string][] = [
    [m.service, serviceName],
    [m.date, formatBookingDate(date, locale)],
    [m.time, formatSlotTime(time, locale)],
    [m.email, email],
  ];
  return (
    <section
      aria-labelledby="booking-confirmation-heading"
      className="mx-auto max-w-xl rounded-lg border border-gray-200 bg-white p-8 text-center shadow-sm"
    >
      <CheckCircle2 aria-hidden="true" className="mx-auto h-14 w-14 text-green-700" />
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: the confirmation has the focus (decision 158) */}
      <h2 id="booking-confirmation-heading" tabIndex={-1} autoFocus className="mt-4 text-2xl font-bold text-gray-900 outline-none">
        {m.heading}
      </h2>
      <p className="mt-2 text-gray-700">{m.text}</p>
      <p className="mt-1 text-gray-700">{booking.toast.successText}</p>
      <dl className="mt-6 space-y-2 text-left">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-gray-100 pb-2">
            <dt className="text-gray-700">{label}</dt>
            <dd className="break-all text-right font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <a href={bookingIcsUrl(bookingId)} download className="button-outline button-lg">
          <CalendarPlus aria-hidden="true" className="h-5 w-5" />
          {m.addToCalendar}
        </a>
        <Link to={path("/")} className="button-primary button-lg">
          {m.backToHome}
        </Link>
      </div>
    </section>
  );
}
