import { useId, useState } from "react";
import { useMessages } from "~/shared/i18n/messages";
import { CheckboxField, TextAreaField, TextField } from "~/shared/ui/form-field";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import { toast } from "~/shared/ui/toast";
import { useFormPost, useZodForm } from "~/shared/ui/use-zod-form";
import { HONEYPOT_FIELD, type ContactPostResult } from "./contact-fields";
import type { ContactFormValues } from "./contact-schema";

/**
 * The shared zod schema loads on the first focus or submit, not with the page: zod is the
 * heaviest part of the form and public pages must stay light (125 KB budget).
 */
const loadContactSchema = () => import("./contact-schema").then((module) => module.contactSchema);

type ContactFormProps = {
  /** The page route whose action takes the form, posted with or without JavaScript. */
  action: string;
  /** That action's answer, when the page is the result of a post made without JavaScript. */
  posted?: ContactPostResult;
  /** Sent with the message when asked from a vehicle page (docs/behaviour.md §7). */
  vehicleId?: string;
  /** Pre-filled message, e.g. a question about the vehicle. */
  defaultMessage?: string;
  className?: string;
};

/**
 * The 'Send Us a Message' / 'Message Us' form: docs/behaviour.md §5 rules, §8 toasts, reset on success.
 * It posts to the page's route action, which calls the contact service: with JavaScript through
 * React Router after the shared schema accepts it (toasts, no reload), before or without JavaScript
 * as a plain POST whose answer the page renders (field messages or the success note; decisions
 * 025 and 062). Either way nothing typed ever goes into the URL.
 */
export function ContactForm({ action, posted, vehicleId, defaultMessage = "", className = "" }: ContactFormProps) {
  const messages = useMessages();
  const m = messages.contact;
  const id = useId();
  // The post's outcome stays until the shopper sends again with JavaScript.
  const [notice, setNotice] = useState(posted);
  const echoed = notice?.kind === "invalid" ? notice.values : undefined;
  const post = useFormPost<ContactPostResult>((result) => {
    if (result.kind === "sent") {
      toast({ title: m.toasts.successTitle, description: m.toasts.successText });
      reset();
      return;
    }
    // The server re-checks every rule: its field messages go where they belong, and a refusal's
    // own message (e.g. too many messages, the JSON `{ error }` of the rate limit) into the toast.
    if (result.kind === "invalid") setFieldErrors(result.fieldErrors, true);
    const description = (result.kind === "failed" && result.error) || m.toasts.failureText;
    toast({ title: m.toasts.failureTitle, description, variant: "destructive" });
  });
  const { formProps, register, errors, isSubmitting, reset, setFieldErrors } = useZodForm<ContactFormValues>({
    schema: () => loadContactSchema().then((schema) => schema(messages)),
    initialErrors: posted?.kind === "invalid" ? posted.fieldErrors : undefined,
    onValid: (): Promise<void> => {
      setNotice(undefined);
      return post(formProps.ref.current!);
    },
  });

  const field = (name: "firstName" | "lastName" | "email" | "phone", type: string, autoComplete: string) => (
    <TextField
      id={`${id}-${name}`}
      label={m.labels[name]}
      error={errors[name]}
      {...register(name)}
      type={type}
      autoComplete={autoComplete}
      placeholder={m.placeholders[name]}
      defaultValue={echoed?.[name]}
    />
  );

  return (
    <form {...formProps} method="post" action={action} className={`space-y-4 ${className}`}>
      {notice ? <PostedNotice result={notice} /> : null}
      {vehicleId ? <input type="hidden" name="vehicleId" value={vehicleId} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("firstName", "text", "given-name")}
        {field("lastName", "text", "family-name")}
      </div>
      {field("email", "email", "email")}
      {field("phone", "tel", "tel")}
      <TextAreaField
        id={`${id}-message`}
        label={m.labels.message}
        error={errors.message}
        {...register("message")}
        defaultValue={echoed?.message ?? defaultMessage}
        rows={5}
        placeholder={m.placeholders.message}
      />
      <CheckboxField id={`${id}-trade`} label={m.labels.hasTradeIn} {...register("hasTradeIn")} value="true" />
      {/* Honeypot: off-screen and out of the tab order; people never fill it, naive bots do. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-hp`}>{m.labels.honeypot}</label>
        <input id={`${id}-hp`} type="text" tabIndex={-1} autoComplete="off" {...register(HONEYPOT_FIELD)} />
      </div>
      <PrivacyNotice />
      <button type="submit" disabled={isSubmitting} data-pending-label={m.sending} className="button-primary button-lg w-full sm:w-auto">
        {isSubmitting ? m.sending : m.send}
      </button>
    </form>
  );
}

/** The route action's outcome, for a form posted without JavaScript (where no toast can show). */
function PostedNotice({ result }: { result: ContactPostResult }) {
  const m = useMessages().contact;
  if (result.kind === "sent") {
    return (
      <div role="status" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900">
        <p className="font-semibold">{m.toasts.successTitle}</p>
        <p className="mt-1 text-sm">{m.toasts.successText}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-sm font-medium text-red-900">
      {result.kind === "failed"
        ? result.error || m.toasts.failureText
        : result.kind === "too-large"
          ? m.posted.tooLarge
          : m.posted.fixFields}
    </div>
  );
}
