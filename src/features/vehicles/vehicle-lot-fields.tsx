import type { FieldErrors, UseFormRegister, UseFormSetValue, UseFormWatch } from "react-hook-form";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber } from "~/shared/lib/format";
import { asIsAllowed, asIsViolatesLaw, massachusettsWarranty } from "~/shared/lib/massachusetts-warranty";
import { WARRANTY_SYSTEM_NAMES, WARRANTY_SYSTEMS } from "~/shared/lib/warranty-terms";
import { FUEL_TYPE_LABELS, FUEL_TYPES, VEHICLE_STATUSES, WARRANTY_TYPES } from "~/shared/types/vehicle";
import type { VehicleFormInput } from "./vehicle-schema";

/**
 * The vehicle dialog's lot fields: stock number, trim, fuel type (for the feeds; VIN
 * decoding fills it), status, date in stock and the
 * Buyers Guide warranty, with a warning when "as is" contradicts Massachusetts law, and the dealer
 * warranty's terms: the statute's, or the dealer's own chosen from the list of systems (decision 091).
 */
export function LotFields({
  register,
  watch,
  setValue,
  errors,
  idp,
  inputClass,
}: {
  register: UseFormRegister<VehicleFormInput>;
  watch: UseFormWatch<VehicleFormInput>;
  setValue: UseFormSetValue<VehicleFormInput>;
  errors: FieldErrors<VehicleFormInput>;
  idp: string;
  inputClass: string;
}) {
  const t = useStaffMessages().lot;
  const f = t.fields;
  const price = Number(watch("price"));
  const mileage = Number(watch("mileage"));
  const warrantyType = watch("warrantyType") ?? "dealer";
  const required = Number.isFinite(price) && Number.isFinite(mileage) ? massachusettsWarranty(price, mileage) : null;
  const warn = required !== null && asIsViolatesLaw({ price, mileage, warrantyType });
  const terms = watch("warrantyTerms");
  const ownTerms = terms !== null && terms !== undefined;
  const termsErrors = errors.warrantyTerms as
    Partial<Record<"systems" | "days" | "miles" | "laborPercent" | "partsPercent", { message?: string }>> | undefined;
  const termsError = (name: "systems" | "days" | "miles" | "laborPercent" | "partsPercent") =>
    termsErrors?.[name]?.message ? (
      <p id={`${idp}-terms-${name}-error`} className="mt-1 text-sm text-red-800">
        {termsErrors[name].message}
      </p>
    ) : null;
  const control = (name: keyof VehicleFormInput) => ({
    id: `${idp}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${idp}-${name}-error` : undefined,
  });
  const error = (name: keyof VehicleFormInput) =>
    errors[name]?.message ? (
      <p id={`${idp}-${name}-error`} className="mt-1 text-sm text-red-800">
        {String(errors[name]?.message)}
      </p>
    ) : null;
  const label = (name: keyof VehicleFormInput, text: string) => (
    <label htmlFor={`${idp}-${name}`} className="text-sm font-medium">
      {text}
    </label>
  );
  return (
    <fieldset className="rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold">{f.legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          {label("stockNumber", f.stockNumber)}
          <input {...register("stockNumber")} {...control("stockNumber")} className={inputClass} />
          {error("stockNumber")}
        </div>
        <div>
          {label("trim", f.trim)}
          <input {...register("trim")} {...control("trim")} className={inputClass} />
          {error("trim")}
        </div>
        <div>
          {label("fuelType", f.fuelType)}
          <select {...register("fuelType")} {...control("fuelType")} className={inputClass}>
            <option value="">{f.fuelTypeUnknown}</option>
            {FUEL_TYPES.map((fuel) => (
              <option key={fuel} value={fuel}>
                {FUEL_TYPE_LABELS[fuel]}
              </option>
            ))}
          </select>
          {error("fuelType")}
        </div>
        <div>
          {label("status", f.status)}
          <select {...register("status")} {...control("status")} className={inputClass}>
            {VEHICLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          {label("dateInStock", f.dateInStock)}
          <input type="date" {...register("dateInStock")} {...control("dateInStock")} className={inputClass} />
          {error("dateInStock")}
        </div>
        <div className="sm:col-span-2">
          {label("warrantyType", f.warrantyType)}
          <select
            {...register("warrantyType")}
            {...control("warrantyType")}
            aria-describedby={errors.warrantyType ? `${idp}-warrantyType-error` : warn ? `${idp}-warranty-warning` : undefined}
            className={inputClass}
          >
            {/* "As is" is offered only where the profile's state allows it (decision 060); a stored
                "as is" stays visible so the refusal below explains itself. */}
            {WARRANTY_TYPES.filter((w) => w !== "as_is" || asIsAllowed() || warrantyType === "as_is").map((w) => (
              <option key={w} value={w}>
                {t.warrantyTypes[w]}
              </option>
            ))}
          </select>
          {error("warrantyType")}
          {warn && required ? (
            <p id={`${idp}-warranty-warning`} role="alert" className="mt-2 rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900">
              {t.asIsWarning(required.days, formatNumber(required.miles))}
            </p>
          ) : null}
        </div>
        {warrantyType === "dealer" ? (
          <fieldset className="sm:col-span-2 space-y-3" data-testid="warranty-terms">
            <legend className="text-sm font-medium">{f.warrantyTerms}</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${idp}-terms-mode`}
                checked={!ownTerms}
                onChange={() => setValue("warrantyTerms", null, { shouldDirty: true })}
                className="mt-1 h-4 w-4"
              />
              {required ? f.statutoryTerms(required.days, formatNumber(required.miles)) : f.statutoryTermsNone}
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${idp}-terms-mode`}
                checked={ownTerms}
                onChange={() =>
                  setValue(
                    "warrantyTerms",
                    {
                      systems: ["use-or-safety"],
                      days: String(required?.days ?? 30),
                      miles: required ? String(required.miles) : "",
                      laborPercent: "100",
                      partsPercent: "100",
                    },
                    { shouldDirty: true },
                  )
                }
                className="mt-1 h-4 w-4"
              />
              {f.ownTerms}
            </label>
            {ownTerms ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <fieldset
                  className="sm:col-span-2"
                  aria-invalid={termsErrors?.systems ? true : undefined}
                  aria-describedby={termsErrors?.systems ? `${idp}-terms-systems-error` : undefined}
                >
                  <legend className="text-sm font-medium">{f.warrantySystems}</legend>
                  <div className="mt-1 grid gap-1 sm:grid-cols-2">
                    {WARRANTY_SYSTEMS.map((system) => (
                      <label key={system} className="flex items-start gap-2 text-sm">
                        <input type="checkbox" value={system} {...register("warrantyTerms.systems")} className="mt-1 h-4 w-4" />
                        {WARRANTY_SYSTEM_NAMES.en[system]}
                      </label>
                    ))}
                  </div>
                  {termsError("systems")}
                </fieldset>
                {(["days", "miles", "laborPercent", "partsPercent"] as const).map((name) => (
                  <div key={name}>
                    <label htmlFor={`${idp}-terms-${name}`} className="text-sm font-medium">
                      {
                        {
                          days: f.warrantyDays,
                          miles: f.warrantyMiles,
                          laborPercent: f.warrantyLaborPercent,
                          partsPercent: f.warrantyPartsPercent,
                        }[name]
                      }
                    </label>
                    <input
                      id={`${idp}-terms-${name}`}
                      inputMode="numeric"
                      {...register(`warrantyTerms.${name}`)}
                      aria-invalid={termsErrors?.[name] ? true : undefined}
                      aria-describedby={termsErrors?.[name] ? `${idp}-terms-${name}-error` : undefined}
                      className={inputClass}
                    />
                    {termsError(name)}
                  </div>
                ))}
              </div>
            ) : null}
          </fieldset>
        ) : null}
        <div className="sm:col-span-2 flex items-center gap-2">
          <input
            type="checkbox"
            {...register("manufacturerWarrantyApplies")}
            {...control("manufacturerWarrantyApplies")}
            className="h-4 w-4"
          />
          {label("manufacturerWarrantyApplies", f.manufacturerWarrantyApplies)}
        </div>
      </div>
    </fieldset>
  );
}
