import { useLocale, useMessages } from "~/shared/i18n/messages";
import { formatPrice } from "~/shared/lib/format";
import type { Service } from "~/shared/types/service";
import { formatSlotTime } from "./available-slots";
import { formatBookingDate } from "./booking-dates";

/** The booking summary panel: 'Not selected' for whatever is still missing. */
export function BookingSummary({
  service,
  date,
  time,
}: {
  service: Service | undefined;
  date: string | undefined;
  time: string | undefined;
}) {
  const m = useMessages().booking.summary;
  const locale = useLocale();
  const minutes = useMessages().booking.minutes;
  const rows: [string, string | undefined, string, string?][] = [
    [m.service, service?.name, "service", service?.nameLang],
    [m.duration, service ? minutes(service.duration) : undefined, "duration"],
    [m.date, date ? formatBookingDate(date, locale) : undefined, "date"],
    [m.time, time ? formatSlotTime(time, locale) : undefined, "time"],
  ];
  return (
    <aside
      aria-labelledby="booking-summary-heading"
      className="rounded-lg border border-gray-200 bg-gray-50 p-5 lg:sticky lg:top-24 lg:self-start"
    >
      <h2 id="booking-summary-heading" className="text-lg font-bold text-gray-900">
        {m.heading}
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        {rows.map(([label, value, key, lang]) => (
          <div key={key} className="flex justify-between gap-4" data-testid={`summary-${key}`}>
            <dt className="text-gray-700">{label}</dt>
            <dd
              className={value ? "text-right font-medium text-gray-900" : "text-right italic text-gray-700"}
              lang={value ? lang : undefined}
            >
              {value ?? m.notSelected}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-gray-300 pt-3 text-base" data-testid="summary-total">
          <dt className="font-semibold text-gray-900">{m.total}</dt>
          <dd className={service ? "font-bold text-red-800" : "italic text-gray-700"}>
            {service ? formatPrice(service.price, locale) : m.notSelected}
          </dd>
        </div>
      </dl>
    </aside>
  );
}
