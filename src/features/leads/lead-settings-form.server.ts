import type { OwnerSettingsForm } from "~/server/http/owner-settings-form.server";
import { formNumber } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { leadSettingsSchema } from "~/shared/validation/lead-settings-schema";
import { LEAD_SETTINGS_INTENT } from "./lead-settings-form";
import { updateLeadSettings } from "./lead-settings.server";

/** The lead response time's form on the Settings screen (decision 107): PUT /api/admin/lead-settings's schema and use case. */
export const leadSettingsForm: OwnerSettingsForm<typeof leadSettingsSchema> = {
  intent: LEAD_SETTINGS_INTENT,
  schema: leadSettingsSchema,
  input: (f) => ({ responseMinutes: formNumber(f.responseMinutes) }),
  save: updateLeadSettings,
  saved: staffMessagesFor().leadAlarm.settings.saved,
};
