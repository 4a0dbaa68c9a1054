import type { ReactNode } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { Button } from "./button";
import { FormError } from "./staff-field";
import { StaffForm, useStaffForm, type StaffFormState } from "./staff-form";

/** Who saved an owner's setting last, and when (null while the built-in defaults are in force). */
export type OwnerSettingStamp = { updatedAt: string | null; updatedBy: string | null };

/**
 * One owner's setting on the Settings screen (decision 107): the deal settings and the lead response
 * time are the same thing, a form the owner saves, checked by the JSON API's schema and audited, so
 * both are this one form. It posts `intent` to the route's action (src/server/http/owner-settings-form.server.ts
 * answers it), shows each field's message by its field (`children` gets the form's state for that),
 * and says who saved it last. The form is keyed by the stored time: after a save it shows what was
 * stored, not what was typed.
 *   <OwnerSettingsForm intent="lead-settings" title="Lead response time" intro="…" saveLabel="Save"
 *     stamp={stored} defaults="The default is in force.">
 *     {(form) => <NumberField name="responseMinutes" label="Minutes" error={form.errors.responseMinutes} … />}
 *   </OwnerSettingsForm>
 */
export function OwnerSettingsForm({
  intent,
  title,
  intro,
  saveLabel,
  stamp,
  defaults,
  testId,
  className = "",
  children,
}: {
  intent: string;
  title: string;
  intro: ReactNode;
  saveLabel: string;
  stamp: OwnerSettingStamp;
  /** What the form says while nothing has been saved. */
  defaults: string;
  testId?: string;
  className?: string;
  children: (form: StaffFormState) => ReactNode;
}) {
  const m = useStaffMessages().staff.settings.form;
  const form = useStaffForm(intent, { resetOnSuccess: false });
  const headingId = `${intent}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-lg border border-gray-200 bg-white p-5 shadow-sm ${className}`}
      data-testid={testId}
    >
      <h2 id={headingId} className="mb-1 text-lg font-bold">
        {title}
      </h2>
      <div className="mb-4 text-sm text-gray-700">{intro}</div>
      <StaffForm form={form} key={stamp.updatedAt ?? "defaults"} noValidate aria-labelledby={headingId} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {children(form)}
        <FormError>{form.error}</FormError>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" variant="primary" disabled={form.busy} className="min-h-11">
            {form.busy ? m.saving : saveLabel}
          </Button>
          <p className="text-sm text-gray-700">
            {stamp.updatedAt && stamp.updatedBy ? m.lastSaved(stamp.updatedBy, formatDealerTime(stamp.updatedAt)) : defaults}
          </p>
        </div>
      </StaffForm>
    </section>
  );
}
