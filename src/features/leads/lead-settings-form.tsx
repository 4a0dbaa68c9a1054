import type { StoredLeadSettings } from "~/server/data/lead-settings.server";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { OwnerSettingsForm } from "~/shared/ui/staff/owner-settings-form";
import { NumberField } from "~/shared/ui/staff/staff-field";

/** The lead response time's form intent on the Settings screen (its action: lead-settings-form.server.ts). */
export const LEAD_SETTINGS_INTENT = "lead-settings";

/**
 * The owner's lead response time on the Settings screen (docs/behaviour.md §18, decision 107): the
 * minutes of opening hours a new lead may wait before the alarm. Saved and audited by the JSON API's use case.
 */
export function LeadSettingsForm({ stored }: { stored: StoredLeadSettings }) {
  const m = useStaffMessages().leadAlarm.settings;
  return (
    <OwnerSettingsForm
      intent={LEAD_SETTINGS_INTENT}
      title={m.title}
      intro={m.intro}
      saveLabel={m.save}
      stamp={stored}
      defaults={m.defaults}
      testId="lead-settings"
    >
      {(form) => (
        <NumberField
          name="responseMinutes"
          label={m.responseMinutes}
          inputMode="numeric"
          className="max-w-48"
          error={form.errors.responseMinutes}
          defaultValue={form.values.responseMinutes ?? String(stored.settings.responseMinutes)}
        />
      )}
    </OwnerSettingsForm>
  );
}
