import { useId } from "react";
import { useSubmit } from "react-router";
import { businessProfile } from "~/shared/config/business-profile";
import { useAlertsMessages } from "~/shared/i18n/alerts-messages";
import { TextField } from "~/shared/ui/form-field";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import { useZodForm } from "~/shared/ui/use-zod-form";
import { ALERT_HONEYPOT_FIELD, type AlertsPostResult } from "./alert-fields";
import type { AlertFormValues } from "./alert-schema";

/** zod arrives on the first focus or submit, not with the page (decision 016). */
const loadAlertSchema = () => import("./alert-schema").then((module) => module.alertFormSchema);

/**
 * "Get e-mail alerts" (docs/behaviour.md §21): an address, the words it agrees to, a button. It posts to
 * the /alerts page's action, which follows what this device saved: without JavaScript as a plain POST,
 * with it through React Router once the shared schema accepts the address; either way the answer is the
 * /alerts page (one submit path, decision 062).
 */
export function AlertsForm({ action, posted, className = "" }: { action: string; posted?: AlertsPostResult; className?: string }) {
  const m = useAlertsMessages();
  const id = useId();
  const submit = useSubmit();
  const { formProps, register, errors, isSubmitting } = useZodForm<AlertFormValues>({
    schema: () => loadAlertSchema().then((schema) => schema(m)),
    initialErrors: posted?.kind === "invalid" ? posted.fieldErrors : undefined,
    onValid: (): Promise<void> => submit(formProps.ref.current!),
  });
  const refusal =
    posted?.kind === "failed"
      ? posted.error || m.form.failed
      : posted?.kind === "too-large"
        ? m.form.tooLarge
        : posted?.kind === "invalid"
          ? m.form.fixFields
          : null;
  return (
    <form {...formProps} method="post" action={action} className={`space-y-4 ${className}`} data-testid="alerts-form">
      {refusal ? (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
          {refusal}
        </p>
      ) : null}
      <TextField
        id={`${id}-email`}
        label={m.form.email}
        error={errors.email}
        {...register("email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        placeholder={m.form.emailPlaceholder}
        defaultValue={posted?.kind === "invalid" ? posted.values.email : undefined}
      />
      {/* Honeypot: off-screen and out of the tab order; people never fill it, naive bots do. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-hp`}>{m.form.honeypot}</label>
        <input id={`${id}-hp`} type="text" tabIndex={-1} autoComplete="off" {...register(ALERT_HONEYPOT_FIELD)} />
      </div>
      <p className="text-sm text-gray-700">{m.form.consent(businessProfile.name)}</p>
      <PrivacyNotice />
      <button
        type="submit"
        disabled={isSubmitting}
        data-pending-label={m.form.sending}
        className="button-primary button-lg w-full sm:w-auto"
      >
        {isSubmitting ? m.form.sending : m.form.submit}
      </button>
    </form>
  );
}
