import type { StoredDealSettings } from "~/server/data/deal-settings.server";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { CREDIT_BANDS, MA_MAX_APR, type DealSettings } from "~/shared/lib/deal-estimate";
import { OwnerSettingsForm } from "~/shared/ui/staff/owner-settings-form";
import { CheckboxField, NumberField, TextField } from "~/shared/ui/staff/staff-field";

/** The deal settings form's intent on the Settings screen (its action: deal-settings-form.server.ts). */
export const DEAL_SETTINGS_INTENT = "deal-settings";

/** The form's text of the stored settings: the sales tax in percent, the terms as a list. */
function textOf(s: DealSettings): Record<string, string> {
  return {
    docFee: String(s.docFee),
    salesTaxRate: String(Number((s.salesTaxRate * 100).toFixed(4))),
    titleFee: String(s.titleFee),
    registrationFee: String(s.registrationFee),
    ...Object.fromEntries(CREDIT_BANDS.map((band) => [`aprByBand.${band}`, String(s.aprByBand[band])])),
    termsMonths: s.termsMonths.join(", "),
    dealValidDays: String(s.dealValidDays),
    complaintsContact: s.complaintsContact,
    priceDropMinDays: String(s.priceDropMinDays),
  };
}

/**
 * The owner's deal settings on the Settings screen (decisions 066, 091, 092, 096, 107): the
 * documentation fee (and whether it is taxed), the sales tax, the RMV's title and registration fees,
 * the APR of each credit band (at most the c. 255B cap) and the terms offered, how long a deal sheet
 * holds, the days a former price must have been shown before a drop is advertised, and the Buyers
 * Guide's complaints contact and signature line. Saved and audited by the JSON API's use case.
 */
export function DealSettingsForm({ stored }: { stored: StoredDealSettings }) {
  const m = useStaffMessages().deal;
  const text = textOf(stored.settings);
  return (
    <OwnerSettingsForm
      intent={DEAL_SETTINGS_INTENT}
      title={m.title}
      intro={m.intro}
      saveLabel={m.save}
      stamp={stored}
      defaults={m.defaults}
      testId="deal-settings"
      className="lg:col-span-2"
    >
      {(form) => {
        const value = (name: string) => form.values[name] ?? text[name];
        const number = (name: string, label: string) => (
          <NumberField name={name} label={label} error={form.errors[name]} defaultValue={value(name)} />
        );
        // After a refusal the boxes show what was posted (an unticked box posts nothing), otherwise what is stored.
        const checked = (name: "docFeeTaxable" | "buyersGuideSignatureLine") =>
          Object.keys(form.values).length > 0 ? name in form.values : stored.settings[name];
        return (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {number("docFee", m.docFee)}
              {number("salesTaxRate", m.salesTaxRate)}
              <CheckboxField
                name="docFeeTaxable"
                label={m.docFeeTaxable}
                error={form.errors.docFeeTaxable}
                defaultChecked={checked("docFeeTaxable")}
                className="sm:pt-6"
              />
              {number("titleFee", m.titleFee)}
              {number("registrationFee", m.registrationFee)}
              <TextField
                name="termsMonths"
                label={m.termsMonths}
                inputMode="numeric"
                autoComplete="off"
                error={form.errors.termsMonths}
                defaultValue={value("termsMonths")}
              />
              {number("dealValidDays", m.dealValidDays)}
              {number("priceDropMinDays", m.priceDropMinDays)}
              <TextField
                name="complaintsContact"
                label={m.complaintsContact}
                maxLength={100}
                error={form.errors.complaintsContact}
                defaultValue={value("complaintsContact")}
              />
              <CheckboxField
                name="buyersGuideSignatureLine"
                label={m.buyersGuideSignatureLine}
                error={form.errors.buyersGuideSignatureLine}
                defaultChecked={checked("buyersGuideSignatureLine")}
                className="sm:col-span-2 lg:col-span-3"
              />
            </div>
            <fieldset aria-describedby="deal-settings-rates">
              <legend className="text-sm font-semibold text-gray-900">{m.aprHeading}</legend>
              <div id="deal-settings-rates" className="mt-1 text-sm text-gray-700">
                <p data-testid="rates-source">{m.ratesSource[stored.settings.ratesSource]}</p>
                <p>{m.aprCap(MA_MAX_APR)}</p>
              </div>
              <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-4">
                {CREDIT_BANDS.map((band) => (
                  <NumberField
                    key={band}
                    name={`aprByBand.${band}`}
                    label={m.bands[band]}
                    error={form.errors[`aprByBand.${band}`] ?? form.errors.aprByBand}
                    defaultValue={value(`aprByBand.${band}`)}
                  />
                ))}
              </div>
            </fieldset>
          </>
        );
      }}
    </OwnerSettingsForm>
  );
}
