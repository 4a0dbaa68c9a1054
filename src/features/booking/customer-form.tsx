import { localizedPath } from "~/shared/i18n/locales";
import { useLocale, useMessages } from "~/shared/i18n/messages";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import { CUSTOMER_FIELDS, CustomerDetailsFields } from "./customer-details-fields";

export type Selection = { serviceId: string; bookingDate: string; bookingTime: string };

/**
 * Step 3: the customer's details and 'Confirm Booking', with the chosen service, date and time in hidden
 * inputs. It posts to the /booking route action as a document (decision 158), which checks every rule with the
 * same schema as POST /api/bookings and answers with the confirmation, or with this form again: what was typed,
 * each field's message and the focus on the first of them. The document's guard (src/shared/ui/post-once.ts)
 * lets it post once and shows "Sending...".
 */
export function CustomerForm({
  selection,
  values = {},
  errors = {},
}: {
  selection: Selection;
  values?: Partial<Record<string, string>>;
  errors?: Partial<Record<string, string>>;
}) {
  const locale = useLocale();
  const m = useMessages().booking;
  return (
    <section aria-labelledby="booking-step-details">
      <h2 id="booking-step-details" className="text-xl font-bold text-gray-900">
        {m.steps.details}
      </h2>
      <form method="post" action={localizedPath("/booking", locale)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="serviceId" value={selection.serviceId} />
        <input type="hidden" name="bookingDate" value={selection.bookingDate} />
        <input type="hidden" name="bookingTime" value={selection.bookingTime} />
        <CustomerDetailsFields idPrefix="booking" values={values} errors={errors} focus={CUSTOMER_FIELDS.find((name) => errors[name])} />
        <div className="sm:col-span-2">
          <PrivacyNotice className="mb-4" />
          <button type="submit" data-pending-label={m.sending} className="button-primary button-lg w-full">
            {m.confirmBooking}
          </button>
        </div>
      </form>
    </section>
  );
}
