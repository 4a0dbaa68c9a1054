import { useEffect, useId, useState, type ReactNode } from "react";
import { useMessages } from "~/shared/i18n/messages";
import { toast } from "~/shared/ui/toast";
import { useZodForm } from "~/shared/ui/use-zod-form";
import { HONEYPOT_FIELD } from "./contact-fields";
import type { ContactFormValues } from "./contact-schema";

/**
 * The shared zod schema loads on the first focus or submit, not with the page: zod is the
 * heaviest part of the form and public pages must stay light (130 KB budget).
 */
const loadContactSchema = () => import("./contact-schema").then((m) => m.contactSchema);

/** Fields whose server messages (400 answer) are shown under them. */
const FIELD_NAMES = new Set(["firstName", "lastName", "email", "phone", "message", "hasTradeIn", HONEYPOT_FIELD]);

type ContactFormProps = {
  /** Sent with the message when asked from a vehicle page (spec §7). */
  vehicleId?: string;
  /** Pre-filled message, e.g. a question about the vehicle. */
  defaultMessage?: string;
  className?: string;
};

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-500 focus:border-red-700 focus:outline-none focus:ring-2 focus:ring-red-700 aria-[invalid=true]:border-red-700";

/** The 'Send Us a Message' / 'Message Us' form: spec §5 rules, §8 toasts, reset on success. */
export function ContactForm({ vehicleId, defaultMessage = "", className = "" }: ContactFormProps) {
  const m = useMessages().contact;
  const id = useId();
  // Marks the form interactive (hydrated): end-to-end tests wait for it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { formProps, register, errors, isSubmitting, reset, setFieldErrors } = useZodForm<ContactFormValues>({
    schema: loadContactSchema,
    onValid: async (values) => {
      try {
        const res = await fetch("/api/contact", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ ...values, ...(vehicleId ? { vehicleId } : {}) }),
        });
        if (res.status === 400) {
          // The server re-checks every rule: show its field messages where they belong.
          const body = (await res.json().catch(() => ({}))) as { fieldErrors?: Record<string, string> };
          setFieldErrors(Object.fromEntries(Object.entries(body.fieldErrors ?? {}).filter(([name]) => FIELD_NAMES.has(name))));
        }
        if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
        toast({ title: m.toasts.successTitle, description: m.toasts.successText });
        reset();
      } catch {
        toast({ title: m.toasts.failureTitle, description: m.toasts.failureText, variant: "destructive" });
      }
    },
  });

  const field = (name: "firstName" | "lastName" | "email" | "phone", type: string, autoComplete: string) => (
    <Field id={`${id}-${name}`} label={m.labels[name]} error={errors[name]}>
      {(props) => (
        <input
          {...props}
          {...register(name)}
          type={type}
          autoComplete={autoComplete}
          placeholder={m.placeholders[name]}
          className={inputClass}
        />
      )}
    </Field>
  );

  return (
    <form {...formProps} data-hydrated={hydrated || undefined} className={`space-y-4 ${className}`}>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("firstName", "text", "given-name")}
        {field("lastName", "text", "family-name")}
      </div>
      {field("email", "email", "email")}
      {field("phone", "tel", "tel")}
      <Field id={`${id}-message`} label={m.labels.message} error={errors.message}>
        {(props) => (
          <textarea
            {...props}
            {...register("message")}
            defaultValue={defaultMessage}
            rows={5}
            placeholder={m.placeholders.message}
            className={inputClass}
          />
        )}
      </Field>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-trade`}
          type="checkbox"
          {...register("hasTradeIn")}
          className="h-5 w-5 rounded border-gray-400 accent-red-700 focus-visible:outline-2 focus-visible:outline-red-700"
        />
        <label htmlFor={`${id}-trade`} className="text-sm text-gray-800">
          {m.labels.hasTradeIn}
        </label>
      </div>
      {/* Honeypot: off-screen and out of the tab order; people never fill it, naive bots do. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-hp`}>{m.labels.honeypot}</label>
        <input id={`${id}-hp`} type="text" tabIndex={-1} autoComplete="off" {...register(HONEYPOT_FIELD)} />
      </div>
      <button
        type="submit"
        disabled={isSubmitting}
        className="w-full rounded-md bg-red-700 px-6 py-3 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70 sm:w-auto"
      >
        {isSubmitting ? m.sending : m.send}
      </button>
    </form>
  );
}

type FieldControlProps = { id: string; "aria-invalid": boolean; "aria-describedby"?: string };

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
