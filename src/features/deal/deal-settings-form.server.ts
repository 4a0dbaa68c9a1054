import type { OwnerSettingsForm } from "~/server/http/owner-settings-form.server";
import { formNumber } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { CREDIT_BANDS } from "~/shared/lib/deal-estimate";
import { dealSettingsSchema } from "~/shared/validation/deal-settings-schema";
import { DEAL_SETTINGS_INTENT } from "./deal-settings-form";
import { updateDealSettings } from "./deal-settings.server";

/** Whether a checkbox was ticked (it posts its value, "on" by default; unticked it posts nothing). */
const ticked = (value: string | undefined) => value !== undefined && value !== "" && value !== "false";

/**
 * The deal settings' form on the Settings screen (decision 107): PUT /api/admin/deal-settings's schema
 * and use case. The owner types the sales tax in percent (6.25), the API takes a fraction (0.0625);
 * the terms are one field of months separated by commas or spaces; each band's APR is its own field.
 */
export const dealSettingsForm: OwnerSettingsForm<typeof dealSettingsSchema> = {
  intent: DEAL_SETTINGS_INTENT,
  schema: dealSettingsSchema,
  input: (f) => {
    const rate = formNumber(f.salesTaxRate);
    return {
      docFee: formNumber(f.docFee),
      docFeeTaxable: ticked(f.docFeeTaxable),
      salesTaxRate: typeof rate === "number" ? Number((rate / 100).toFixed(6)) : rate,
      titleFee: formNumber(f.titleFee),
      registrationFee: formNumber(f.registrationFee),
      aprByBand: Object.fromEntries(CREDIT_BANDS.map((band) => [band, formNumber(f[`aprByBand.${band}`])])),
      termsMonths: (f.termsMonths ?? "")
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((term) => formNumber(term)),
      dealValidDays: formNumber(f.dealValidDays),
      complaintsContact: f.complaintsContact,
      buyersGuideSignatureLine: ticked(f.buyersGuideSignatureLine),
      priceDropMinDays: formNumber(f.priceDropMinDays),
    };
  },
  save: updateDealSettings,
  saved: staffMessagesFor().deal.saved,
};
