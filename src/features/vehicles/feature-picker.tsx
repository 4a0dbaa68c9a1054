import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { canonicalFeatureName, FEATURE_CATALOGUE, type FeatureCategory } from "~/shared/lib/vehicle-features";
import { splitFeatures } from "./vehicle-schema";

const CATEGORIES: FeatureCategory[] = ["comfort", "technology", "safety", "exterior", "utility"];

/**
 * The catalogue of standard options beside the form's comma-separated Features field (decision 069):
 * ticking an option adds its English name to the field, unticking removes it, and a name typed in the
 * field ticks its option. The field stays the one value the form sends (docs/behaviour.md §5: features are entered
 * comma-separated), so a custom feature is typed there as before; the server stores catalogue names
 * as their keys.
 */
export function FeaturePicker({ value, onChange, idp }: { value: string; onChange: (next: string) => void; idp: string }) {
  const t = useStaffMessages().vehicleText.features;
  const typed = splitFeatures(value);
  const chosen = new Set(typed.map(canonicalFeatureName));
  const count = FEATURE_CATALOGUE.filter((feature) => chosen.has(feature.names.en)).length;

  function toggle(name: string, on: boolean) {
    const kept = typed.filter((text) => canonicalFeatureName(text) !== name);
    onChange((on ? [...kept, name] : kept).join(", "));
  }

  return (
    <details className="mt-2 rounded-md border border-gray-300" data-testid="feature-picker">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-red-700">
        {t.choose} <span className="font-normal text-gray-700">({t.chosen(count)})</span>
      </summary>
      <div className="space-y-4 border-t border-gray-300 px-3 py-3">
        <p id={`${idp}-feature-picker-help`} className="text-sm text-gray-700">
          {t.help}
        </p>
        {CATEGORIES.map((category) => (
          <fieldset key={category} aria-describedby={`${idp}-feature-picker-help`}>
            <legend className="text-sm font-semibold">{t.categories[category]}</legend>
            <div className="mt-1 grid gap-x-4 gap-y-2 sm:grid-cols-2">
              {FEATURE_CATALOGUE.filter((feature) => feature.category === category).map((feature) => (
                <label key={feature.key} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.has(feature.names.en)}
                    onChange={(event) => toggle(feature.names.en, event.target.checked)}
                    className="h-5 w-5 shrink-0 accent-red-700"
                  />
                  {feature.names.en}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </details>
  );
}
