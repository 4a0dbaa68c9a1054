import { Check, Mail, Phone, X } from "lucide-react";
import { Form, Link } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber } from "~/shared/lib/format";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { useFocusedRecord } from "~/shared/ui/staff/focused-record";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { FormError, TextField } from "~/shared/ui/staff/staff-field";
import { StaffForm, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { StaffBooking } from "./booking-staff.server";
import { bookingFormKey } from "./bookings-screen-form";
import type { BookingsScreenData } from "./bookings-screen.server";

/** A calendar day (yyyy-MM-dd) as a heading: "Friday, November 20, 2026" (the day itself, whatever the viewer's zone). */
const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * /podium/bookings (docs/behaviour.md §2 Staff app): two weeks of service bookings from the day the
 * address names (today by default), by day and time, with the customer's vehicle; each confirmed,
 * cancelled or re-opened by its own form (the shopper is mailed). Other days by links and a date field,
 * so Back, reload and a shared link show the same days.
 */
export function BookingsScreen({ data }: { data: BookingsScreenData }) {
  const m = useStaffMessages().staff;
  const b = m.bookings;
  const focused = useFocusedRecord(data.markedId, true);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.shell.screens.bookings}</h1>
      <p className="text-gray-800" data-testid="bookings-range">
        {b.range(longDate(data.from), longDate(data.to))}
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-2 rounded-lg border border-gray-200 bg-white p-3">
        <TextField
          name="date"
          type="date"
          label={b.dateLabel}
          defaultValue={data.dateValue}
          error={data.filterErrors?.date}
          className="min-w-0"
        />
        <Button type="submit" className="min-h-11">
          {b.go}
        </Button>
        {data.filterErrors?.id ? <p className="w-full text-sm font-medium text-red-800">{data.filterErrors.id}</p> : null}
      </Form>
      <nav aria-label={b.pages} className="flex flex-wrap gap-2">
        <Link to={`?date=${data.earlier}`} className={buttonClass("secondary", "sm", "min-h-11")}>
          {b.earlier}
        </Link>
        {data.from !== data.today ? (
          <Link to="?" className={buttonClass("secondary", "sm", "min-h-11")}>
            {b.today}
          </Link>
        ) : null}
        <Link to={`?date=${data.later}`} className={buttonClass("secondary", "sm", "min-h-11")}>
          {b.later}
        </Link>
      </nav>
      {data.days.length === 0 ? <p className="py-10 text-center text-gray-700">{b.noneInRange}</p> : null}
      {data.days.map(([date, bookings]) => (
        <section key={date} aria-labelledby={`bookings-${date}`}>
          <h2 id={`bookings-${date}`} className="text-lg font-semibold">
            {longDate(date)}
            {date === data.today ? (
              <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-900">{b.todayMark}</span>
            ) : null}
          </h2>
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {bookings.map((booking) => (
              <li
                key={booking.id}
                {...focused(booking.id)}
                data-booking={booking.id}
                className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between aria-[current=true]:bg-amber-50 aria-[current=true]:ring-2 aria-[current=true]:ring-amber-500"
              >
                <BookingDetails booking={booking} />
                <BookingStatusForm booking={booking} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function BookingDetails({ booking }: { booking: StaffBooking }) {
  const b = useStaffMessages().staff.bookings;
  const status = booking.status;
  return (
    <div className="min-w-0 space-y-1">
      <p className="font-semibold">
        {booking.bookingTime} · {booking.serviceName ?? b.unknownService}
      </p>
      <p>
        {booking.customerFirstName} {booking.customerLastName}
      </p>
      <p className="flex flex-wrap gap-x-4 text-sm">
        <a href={`mailto:${booking.customerEmail}`} className="inline-flex min-h-6 items-center gap-1 break-all text-red-800 underline">
          <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
          {booking.customerEmail}
        </a>
        <a href={`tel:${booking.customerPhone}`} className="inline-flex min-h-6 items-center gap-1 text-red-800 underline">
          <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
          {booking.customerPhone}
        </a>
      </p>
      <LeadLanguage locale={booking.locale} />
      {booking.vehicleYear || booking.vehicleMake || booking.vehicleModel || booking.vehicleVin || booking.vehicleMileage !== null ? (
        <p className="text-sm text-gray-800" data-testid="booking-vehicle">
          <span className="font-medium">{b.vehicle}:</span>{" "}
          {[
            [booking.vehicleYear, booking.vehicleMake, booking.vehicleModel].filter(Boolean).join(" "),
            booking.vehicleMileage !== null ? b.mileage(formatNumber(booking.vehicleMileage)) : "",
            booking.vehicleVin ? `${b.vin} ${booking.vehicleVin}` : "",
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      ) : null}
      {booking.notes ? (
        <p className="whitespace-pre-wrap break-words text-sm text-gray-800">
          <span className="font-medium">{b.notes}:</span> {booking.notes}
        </p>
      ) : null}
      <p className="text-sm">
        <span className="font-medium">{b.status}:</span>{" "}
        <span
          data-testid="booking-status"
          className={`rounded px-2 py-0.5 font-medium ${
            status === "confirmed"
              ? "bg-green-100 text-green-900"
              : status === "cancelled"
                ? "bg-gray-200 text-gray-800"
                : "bg-amber-100 text-amber-900"
          }`}
        >
          {b.statuses[status]}
        </span>
      </p>
      <LeadMailStatus mails={booking.mails} />
    </div>
  );
}

/** Confirm (also re-opens a cancelled booking) and cancel: one form, the button pressed names the status. */
function BookingStatusForm({ booking }: { booking: StaffBooking }) {
  const b = useStaffMessages().staff.bookings;
  const form = useStaffForm(bookingFormKey(booking.id), { resetOnSuccess: false });
  const name = `${booking.customerFirstName} ${booking.customerLastName}`;
  return (
    <StaffForm form={form} className="flex shrink-0 flex-col gap-2" aria-label={b.actionsFor(name)}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={booking.id} />
      <div className="flex flex-wrap gap-2">
        {booking.status !== "confirmed" ? (
          <button
            type="submit"
            name="status"
            value="confirmed"
            disabled={form.busy}
            aria-label={b.confirmLabel(name)}
            className="inline-flex min-h-11 items-center gap-1 rounded-md bg-green-800 px-3 py-2 font-medium text-white hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
          >
            <Check aria-hidden="true" className="h-4 w-4" />
            {b.confirmBooking}
          </button>
        ) : null}
        {booking.status !== "cancelled" ? (
          <Button
            type="submit"
            name="status"
            value="cancelled"
            variant="danger"
            disabled={form.busy}
            aria-label={b.cancelLabel(name)}
            className="min-h-11"
          >
            <X aria-hidden="true" className="h-4 w-4" />
            {b.cancelBooking}
          </Button>
        ) : null}
      </div>
      <FormError>{form.errors.status ?? form.error}</FormError>
    </StaffForm>
  );
}
