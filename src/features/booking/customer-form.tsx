import { localizedPath } from "~/shared/i18n/locales";
import { useLocale, useMessages } from "~/shared/i18n/messages";
import { TextAreaField, TextField } from "~/shared/ui/form-field";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import { CustomerVehicleFields } from "./customer-vehicle-fields";

export type Selection = { serviceId: string; bookingDate: string; bookingTime: string };

/** Field name → message, or typed text, from the route action's answer to the last post. */
type ByField = Partial<Record<string, string>>;

/** The customer's fields in the order they show: the first with a message has the focus on a post's answer. */
const FIELD_ORDER = [
  "customerFirstName",
  "customerLastName",
  "customerEmail",
  "customerPhone",
  "notes",
  "vehicleYear",
  "vehicleMake",
  "vehicleModel",
  "vehicleMileage",
  "vehicleVin",
] as const;

/**
 * Step 3: the customer's details and 'Confirm Booking', with the chosen service, date and time in hidden
 * inputs. It posts to the /booking route action as a document (decision 158), which checks every rule with the
 * same schema as POST /api/bookings and answers with the confirmation, or with this form again: what was typed,
 * each field's message and the focus on the first of them. The document's guard (src/shared/ui/post-once.ts)
 * lets it post once and shows "Sending...".
 */
export function CustomerForm({ selection, values = {}, errors = {} }: { selection: Selection; values?: ByField; errors?: ByField }) {
  const locale = useLocale();
  const m = useMessages().booking;
  const firstError = FIELD_ORDER.find((name) => errors[name]);
  const text = (
    name: "customerFirstName" | "customerLastName" | "customerEmail" | "customerPhone",
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <TextField
      id={`booking-${name}`}
      name={name}
      label={label}
      error={errors[name]}
      type={type}
      autoComplete={autoComplete}
      required
      defaultValue={values[name]}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 158)
      autoFocus={firstError === name}
    />
  );

  return (
    <section aria-labelledby="booking-step-details">
      <h2 id="booking-step-details" className="text-xl font-bold text-gray-900">
        {m.steps.details}
      </h2>
      <form method="post" action={localizedPath("/booking", locale)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="serviceId" value={selection.serviceId} />
        <input type="hidden" name="bookingDate" value={selection.bookingDate} />
        <input type="hidden" name="bookingTime" value={selection.bookingTime} />
        {text("customerFirstName", m.firstName, "text", "given-name")}
        {text("customerLastName", m.lastName, "text", "family-name")}
        {text("customerEmail", m.email, "email", "email")}
        {text("customerPhone", m.phone, "tel", "tel")}
        <TextAreaField
          id="booking-notes"
          name="notes"
          label={m.notes}
          error={errors.notes}
          defaultValue={values.notes}
          placeholder={m.notesPlaceholder}
          wrapperClassName="sm:col-span-2"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 158)
          autoFocus={firstError === "notes"}
        />
        <CustomerVehicleFields idPrefix="booking" errors={errors} values={values} focus={firstError} />
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
