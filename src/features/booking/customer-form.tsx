import { useRef } from "react";
import { localizedPath } from "~/shared/i18n/locales";
import { useLocale, useMessages } from "~/shared/i18n/messages";
import { TextAreaField, TextField } from "~/shared/ui/form-field";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import { toast } from "~/shared/ui/toast";
import { useFormPost, useZodForm } from "~/shared/ui/use-zod-form";
import type { BookingPostResult, CreatedBooking } from "./booking-client";
import type { BookingInput } from "./booking-schema";
import { CustomerVehicleFields } from "./customer-vehicle-fields";

/** The booking schema (zod) loads with this step, not with the page. */
const loadBookingSchema = () => import("./booking-schema").then((m) => m.bookingSchema);

export type Selection = { serviceId: string; bookingDate: string; bookingTime: string };

/**
 * Step 3: the customer's details and 'Confirm Booking' (disabled while sending). The form is
 * validated by the same schema as the server, with the chosen service, date and time carried
 * in hidden inputs. Loaded on demand, so zod stays out of the page's first load.
 */
export default function CustomerForm({
  selection,
  onConfirmed,
  onSlotRejected,
}: {
  selection: Selection;
  onConfirmed: (booking: CreatedBooking, input: BookingInput) => void;
  /** The server refused the slot: taken meanwhile (409), or the date/time is no longer valid. */
  onSlotRejected: (what: "time" | "date") => void;
}) {
  const messages = useMessages();
  const locale = useLocale();
  const m = messages.booking;
  // What the shopper confirmed, for the confirmation once the action answers.
  const confirmed = useRef<BookingInput | null>(null);
  const post = useFormPost<BookingPostResult>((result) => {
    if (result.kind === "booked") {
      toast({ title: m.toast.successTitle, description: m.toast.successText });
      reset();
      onConfirmed(result.booking, confirmed.current!);
      return;
    }
    if (result.kind === "slot-taken") {
      toast({ title: m.toast.failureTitle, description: m.toast.slotTaken, variant: "destructive" });
      onSlotRejected("time");
      return;
    }
    // A refusal's own message (e.g. too many attempts, the rate limit's JSON `{ error }`); a 400's is the fields'.
    const description = (result.kind === "failed" && result.error) || m.toast.failureText;
    toast({ title: m.toast.failureTitle, description, variant: "destructive" });
    if (result.kind !== "invalid") return;
    const { fieldErrors } = result;
    // The service, date and time are hidden inputs: their messages show nowhere, and focus skips them.
    setFieldErrors(fieldErrors, true);
    // A date or time the server refused (e.g. it passed meanwhile): the shopper picks again.
    if (fieldErrors.bookingDate || fieldErrors.serviceId) onSlotRejected("date");
    else if (fieldErrors.bookingTime) onSlotRejected("time");
  });
  const { formProps, register, errors, isSubmitting, reset, setFieldErrors } = useZodForm<BookingInput>({
    schema: () => loadBookingSchema().then((schema) => schema(messages)),
    onValid: (input): Promise<void> => {
      confirmed.current = input;
      return post(formProps.ref.current!);
    },
  });

  const text = (
    name: "customerFirstName" | "customerLastName" | "customerEmail" | "customerPhone",
    label: string,
    type: string,
    autoComplete: string,
  ) => <TextField id={`booking-${name}`} label={label} error={errors[name]} {...register(name)} type={type} autoComplete={autoComplete} />;

  return (
    <section aria-labelledby="booking-step-details">
      <h2 id="booking-step-details" className="text-xl font-bold text-gray-900">
        {m.steps.details}
      </h2>
      <form
        {...formProps}
        method="post"
        action={localizedPath("/booking", locale)}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        aria-busy={isSubmitting}
      >
        <input type="hidden" name="serviceId" value={selection.serviceId} />
        <input type="hidden" name="bookingDate" value={selection.bookingDate} />
        <input type="hidden" name="bookingTime" value={selection.bookingTime} />
        {text("customerFirstName", m.firstName, "text", "given-name")}
        {text("customerLastName", m.lastName, "text", "family-name")}
        {text("customerEmail", m.email, "email", "email")}
        {text("customerPhone", m.phone, "tel", "tel")}
        <TextAreaField
          id="booking-notes"
          label={m.notes}
          error={errors.notes}
          {...register("notes")}
          placeholder={m.notesPlaceholder}
          wrapperClassName="sm:col-span-2"
        />
        <CustomerVehicleFields idPrefix="booking" errors={errors} />
        <div className="sm:col-span-2">
          <PrivacyNotice className="mb-4" />
          <button type="submit" disabled={isSubmitting} className="button-primary button-lg w-full">
            {isSubmitting ? m.sending : m.confirmBooking}
          </button>
        </div>
      </form>
    </section>
  );
}
