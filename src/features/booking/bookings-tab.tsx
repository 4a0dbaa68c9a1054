import { Check, Mail, Phone, X } from "lucide-react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ApiError, staffFetch, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { Button } from "~/shared/ui/staff/button";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import { formatNumber } from "~/shared/lib/format";
import type { StaffBooking } from "./booking-staff.server";
import { useFocusedRecord } from "~/shared/ui/staff/focused-record";

/** Groups bookings by date, keeping their order (already by date and time). */
export function groupByDate<T extends { bookingDate: string }>(items: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.bookingDate, [...(groups.get(item.bookingDate) ?? []), item]);
  return [...groups];
}

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** Upcoming bookings with confirm and cancel (docs/behaviour.md §2 Staff dashboard); `focusId` (a mail's link) is shown marked and scrolled to. */
export function BookingsTab({ focusId }: { focusId?: string | null }) {
  const m = useStaffMessages().staff;
  const b = m.bookings;
  const { data, error, reload } = useStaffData<StaffBooking[]>("/api/admin/bookings");
  const focused = useFocusedRecord(focusId, data !== null);

  async function setStatus(booking: StaffBooking, status: "confirmed" | "cancelled") {
    await runWithToast(() => staffFetch(`/api/admin/bookings/${booking.id}`, { method: "PATCH", body: { status } }), {
      success: { title: status === "confirmed" ? b.confirmedTitle : b.cancelledTitle },
      failure: (err) => ({
        title: m.common.error,
        description: err instanceof ApiError && err.status === 409 ? b.slotTaken : b.updateFailed,
      }),
    });
    await reload();
  }

  if (error) return <LoadFailed onRetry={reload} />;
  if (data === null) return <p className="text-gray-700">{m.common.loading}</p>;
  return (
    <div>
      <h2 className="text-xl font-bold">{b.title}</h2>
      {data.length === 0 ? <p className="py-10 text-center text-gray-700">{b.empty}</p> : null}
      {groupByDate(data).map(([date, bookings]) => (
        <section key={date} className="mt-6" aria-labelledby={`bookings-${date}`}>
          <h3 id={`bookings-${date}`} className="text-lg font-semibold">
            {longDate(date)}
          </h3>
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {bookings.map((booking) => {
              const name = `${booking.customerFirstName} ${booking.customerLastName}`;
              const status = booking.status;
              return (
                <li
                  key={booking.id}
                  {...focused(booking.id)}
                  className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between aria-[current=true]:bg-amber-50 aria-[current=true]:ring-2 aria-[current=true]:ring-amber-500"
                >
                  <div className="space-y-1">
                    <p className="font-semibold">
                      {booking.bookingTime} · {booking.serviceName ?? b.unknownService}
                    </p>
                    <p>{name}</p>
                    <p className="flex flex-wrap gap-x-4 text-sm">
                      <a href={`mailto:${booking.customerEmail}`} className="inline-flex items-center gap-1 text-red-800 underline">
                        <Mail aria-hidden="true" className="h-4 w-4" />
                        {booking.customerEmail}
                      </a>
                      <a href={`tel:${booking.customerPhone}`} className="inline-flex items-center gap-1 text-red-800 underline">
                        <Phone aria-hidden="true" className="h-4 w-4" />
                        {booking.customerPhone}
                      </a>
                    </p>
                    <LeadLanguage locale={booking.locale} />
                    {booking.vehicleYear ||
                    booking.vehicleMake ||
                    booking.vehicleModel ||
                    booking.vehicleVin ||
                    booking.vehicleMileage !== null ? (
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
                      <p className="text-sm text-gray-800">
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
                  <div className="flex gap-2">
                    {status !== "confirmed" ? (
                      <button
                        type="button"
                        onClick={() => void setStatus(booking, "confirmed")}
                        aria-label={b.confirmLabel(name)}
                        className="inline-flex items-center gap-1 rounded-md bg-green-800 px-3 py-2 font-medium text-white hover:bg-green-900"
                      >
                        <Check aria-hidden="true" className="h-4 w-4" />
                        {b.confirmBooking}
                      </button>
                    ) : null}
                    {status !== "cancelled" ? (
                      <Button variant="danger" onClick={() => void setStatus(booking, "cancelled")} aria-label={b.cancelLabel(name)}>
                        <X aria-hidden="true" className="h-4 w-4" />
                        {b.cancelBooking}
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
