import { useLocale, useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { formatPrice } from "~/shared/lib/format";
import type { Service } from "~/shared/types/service";
import { SelectField } from "~/shared/ui/form-field";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import { formatSlotTime, minutesOf } from "./available-slots";
import type { BookingPostResult } from "./booking-client";
import { formatBookingDate } from "./booking-dates";
import { CUSTOMER_FIELDS, CustomerDetailsFields } from "./customer-details-fields";

/** The form's selects, before the customer's fields. */
const SELECTS = ["serviceId", "bookingDate", "bookingTime"] as const;

/**
 * The whole booking on one plain form, for browsers without JavaScript (shown from <noscript>,
 * where the calendar and slot picker cannot run): a service select, a select of the next open
 * days and a time select, then the customer's details, posted to the /booking route action,
 * which applies every rule of the interactive flow and answers with messages or the confirmation.
 */
export function BookingFallbackForm({
  services,
  days,
  posted,
}: {
  services: Service[];
  days: string[];
  posted?: Exclude<BookingPostResult, { kind: "booked" }>;
}) {
  const m = useMessages().booking;
  const locale = useLocale();
  const path = useLocalizedPath();
  const errors = posted?.kind === "invalid" ? posted.fieldErrors : {};
  const values = posted && "values" in posted ? posted.values : {};
  const times = [...new Set(services.flatMap((s) => s.availableTimes))].sort((a, b) => minutesOf(a) - minutesOf(b));
  // The first field with a message has the focus when the page answers: the selects', then the customer's.
  const focus = [...SELECTS, ...CUSTOMER_FIELDS].find((name) => errors[name]);
  return (
    <section aria-labelledby="booking-nojs-heading" className="mx-auto max-w-3xl">
      <h2 id="booking-nojs-heading" className="text-xl font-bold text-gray-900">
        {m.noJs.heading}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{m.noJs.intro}</p>
      {posted ? (
        <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-4 text-sm font-medium text-red-900">
          {posted.kind === "failed"
            ? posted.error || m.toast.failureText
            : posted.kind === "slot-taken"
              ? m.toast.slotTaken
              : posted.kind === "too-large"
                ? m.noJs.tooLarge
                : m.validation.fixFields}
        </p>
      ) : null}
      <form method="post" action={path("/booking")} className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField
          id="nojs-serviceId"
          name="serviceId"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 158)
          autoFocus={focus === "serviceId"}
          label={m.summary.service}
          error={errors.serviceId}
          required
          wrapperClassName="sm:col-span-2"
          defaultValue={values.serviceId}
          placeholder={m.noJs.choose}
          // An untranslated name is the English one (decision 068): the option says so, for a screen reader.
          options={services.map((s) => ({
            value: s.id,
            label: `${s.name} (${m.minutes(s.duration)}, ${formatPrice(s.price, locale)})`,
            lang: s.nameLang,
          }))}
        />
        <SelectField
          id="nojs-bookingDate"
          name="bookingDate"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 158)
          autoFocus={focus === "bookingDate"}
          label={m.summary.date}
          error={errors.bookingDate}
          required
          defaultValue={values.bookingDate}
          placeholder={m.noJs.choose}
          options={days.map((day) => ({ value: day, label: formatBookingDate(day, locale) }))}
        />
        <SelectField
          id="nojs-bookingTime"
          name="bookingTime"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 158)
          autoFocus={focus === "bookingTime"}
          label={m.summary.time}
          error={errors.bookingTime}
          required
          hint={m.noJs.timeHint}
          defaultValue={values.bookingTime}
          placeholder={m.noJs.choose}
          options={times.map((time) => ({ value: time, label: formatSlotTime(time, locale) }))}
        />
        <CustomerDetailsFields idPrefix="nojs" values={values} errors={errors} focus={focus} />
        <div className="sm:col-span-2">
          <PrivacyNotice className="mb-4" />
          <button type="submit" className="button-primary button-lg w-full">
            {m.confirmBooking}
          </button>
        </div>
      </form>
    </section>
  );
}
