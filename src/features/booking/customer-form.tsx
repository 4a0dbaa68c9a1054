import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import { useMessages } from "~/shared/i18n/messages";
import { toast } from "~/shared/ui/toast";
import { BookingRequestError, postBooking, type CreatedBooking } from "./booking-client";
import { bookingSchema, type BookingFormValues, type BookingInput } from "./booking-schema";

type CustomerField = "customerFirstName" | "customerLastName" | "customerEmail" | "customerPhone" | "notes";
const CUSTOMER_FIELDS: CustomerField[] = ["customerFirstName", "customerLastName", "customerEmail", "customerPhone", "notes"];

export type Selection = { serviceId: string; bookingDate: string; bookingTime: string };

/**
 * Step 3: the customer's details and 'Confirm Booking' (disabled while sending). The form
 * is validated by the same schema as the server, with the chosen service, date and time
 * mirrored into it. Loaded on demand, so the form libraries stay out of the page's first load.
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
  const m = useMessages().booking;
  const form = useForm<BookingFormValues, unknown, BookingInput>({
    resolver: zodResolver(bookingSchema),
    defaultValues: { ...selection, customerFirstName: "", customerLastName: "", customerEmail: "", customerPhone: "", notes: "" },
  });
  const sending = form.formState.isSubmitting;

  useEffect(() => {
    form.setValue("serviceId", selection.serviceId);
    form.setValue("bookingDate", selection.bookingDate);
    form.setValue("bookingTime", selection.bookingTime);
  }, [form, selection.serviceId, selection.bookingDate, selection.bookingTime]);

  const submit = form.handleSubmit(async (input) => {
    try {
      const created = await postBooking(input);
      toast({ title: m.toast.successTitle, description: m.toast.successText });
      form.reset();
      onConfirmed(created, input);
    } catch (error) {
      if (error instanceof BookingRequestError && error.status === 409) {
        toast({ title: m.toast.failureTitle, description: error.body?.error ?? m.toast.slotTaken, variant: "destructive" });
        onSlotRejected("time");
        return;
      }
      const fieldErrors = error instanceof BookingRequestError ? error.body?.fieldErrors : undefined;
      toast({ title: m.toast.failureTitle, description: m.toast.failureText, variant: "destructive" });
      if (!fieldErrors) return;
      for (const field of CUSTOMER_FIELDS) {
        const message = fieldErrors[field];
        if (message) form.setError(field, { message }, { shouldFocus: true });
      }
      // A date or time the server refused (e.g. it passed meanwhile): the shopper picks again.
      if (fieldErrors.bookingDate || fieldErrors.serviceId) onSlotRejected("date");
      else if (fieldErrors.bookingTime) onSlotRejected("time");
    }
  });

  return (
    <section aria-labelledby="booking-step-details">
      <h2 id="booking-step-details" className="text-xl font-bold text-gray-900">
        {m.steps.details}
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-busy={sending}>
        <Field form={form} name="customerFirstName" label={m.firstName} autoComplete="given-name" />
        <Field form={form} name="customerLastName" label={m.lastName} autoComplete="family-name" />
        <Field form={form} name="customerEmail" label={m.email} type="email" autoComplete="email" />
        <Field form={form} name="customerPhone" label={m.phone} type="tel" autoComplete="tel" />
        <div className="sm:col-span-2">
          <Field form={form} name="notes" label={m.notes} multiline placeholder={m.notesPlaceholder} />
        </div>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={sending}
            className="w-full rounded-md bg-red-700 px-6 py-3 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:bg-gray-600"
          >
            {sending ? m.sending : m.confirmBooking}
          </button>
        </div>
      </form>
    </section>
  );
}

function Field({
  form,
  name,
  label,
  type = "text",
  autoComplete,
  multiline,
  placeholder,
}: {
  form: UseFormReturn<BookingFormValues, unknown, BookingInput>;
  name: CustomerField;
  label: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
  placeholder?: string;
}) {
  const error = form.formState.errors[name]?.message;
  const id = `booking-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    placeholder,
    className: `mt-1 block w-full rounded-md border px-3 py-2 text-gray-900 focus-visible:outline-2 focus-visible:outline-red-700 ${
      error ? "border-red-700" : "border-gray-500"
    }`,
    ...form.register(name),
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
