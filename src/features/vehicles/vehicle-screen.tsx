import { ArrowDown, ArrowLeft, ArrowUp, ImagePlus, Star, X } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { Link, useActionData } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { asIsAllowed, asIsViolatesLaw, MA_WARRANTY_MAX_MILEAGE, massachusettsWarranty } from "~/shared/lib/massachusetts-warranty";
import { canonicalFeatureName, FEATURE_CATALOGUE, type FeatureCategory } from "~/shared/lib/vehicle-features";
import { VIN_LENGTH } from "~/shared/lib/vin";
import { WARRANTY_SYSTEM_NAMES, WARRANTY_SYSTEMS } from "~/shared/lib/warranty-terms";
import type { StaffFormResult } from "~/shared/staff/staff-form-result";
import { FUEL_TYPE_LABELS, FUEL_TYPES, VEHICLE_STATUSES, WARRANTY_TYPES } from "~/shared/types/vehicle";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import {
  FormError,
  NumberField,
  RequiredMark,
  SelectField,
  staffControlClass,
  staffLabelClass,
  TextAreaField,
  TextField,
} from "~/shared/ui/staff/staff-field";
import { StaffForm, useHydrated, useStaffForm, type StaffFormState } from "~/shared/ui/staff/staff-form";
import { toast } from "~/shared/ui/toast";
import { DescriptionTabs } from "./description-tabs";
import { resizePhoto } from "~/shared/lib/resize-photo";
import { uploadPhoto } from "./upload-photo";
import { photoUrl, TERMS_FIELDS, vehicleFormFromEcho, vehicleFormValues, type VehicleFormValues } from "./vehicle-form-data";
import { BODY_STYLES, COLORS, DRIVETRAINS, MAX_PHOTOS_PER_UPLOAD, splitFeatures, TRANSMISSIONS } from "./vehicle-schema";
import type { DocumentRow, PriceChangeRow, VehicleScreenData } from "./vehicle-screen.server";
import type { VehicleSaves } from "./vehicles-screen-form";

/** The form's key (vehicle-screen.server's VEHICLE_FORM): its answers carry it. */
const FORM_KEY = "vehicle";

const CATEGORIES: FeatureCategory[] = ["comfort", "technology", "safety", "exterior", "utility"];

/**
 * /podium/vehicles/new and /podium/vehicles/{id} (docs/behaviour.md §5 Vehicle form, §14): the vehicle
 * form (VIN decode, the lot and Buyers Guide fields, photos), and for a stored vehicle its documents and
 * price history. Everything posts to the route's action and works without JavaScript; with it, photos are
 * resized in the browser and uploaded as soon as they are chosen (decision 105).
 */
export function VehicleScreen({
  data,
  saves,
  savesReport = false,
}: {
  data: VehicleScreenData | { vehicle: null; today: string; canEdit: true };
  /** How many shoppers saved this vehicle (a stored vehicle's page only). */
  saves?: VehicleSaves[string];
  /** The person may open the alerts report (its link is shown). */
  savesReport?: boolean;
}) {
  const messages = useStaffMessages();
  const m = messages.staff;
  const answer = useActionData() as (StaffFormResult & { values?: Record<string, string> }) | undefined;
  // Each answer of this form (a refusal, a decoded VIN) draws the form again with the values it carries.
  const counter = useRef(0);
  const last = useRef(answer);
  if (last.current !== answer) {
    last.current = answer;
    counter.current += 1;
  }
  // The form's answers (toast, focus on the first field in error) are handled here, above the form that
  // each answer draws again.
  const form = useStaffForm(FORM_KEY, { resetOnSuccess: false });
  const base = vehicleFormValues(data.vehicle, data.today);
  const mine = answer?.intent === FORM_KEY ? answer : undefined;
  const values = mine?.values ? vehicleFormFromEcho(base, mine.values) : base;
  const title = data.vehicle ? ("name" in data ? data.name : "") : m.vehicleForm.addTitle;
  return (
    <div className="space-y-4">
      <Link to="/podium/vehicles" className="inline-flex min-h-11 items-center gap-1 font-medium text-red-800 underline">
        <ArrowLeft aria-hidden="true" className="h-6 w-6 shrink-0" />
        {messages.lot.record.back}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      {"daysInStock" in data ? <VehicleFacts data={data} /> : null}
      {"daysInStock" in data ? <VehicleSavedBy saves={saves ?? { savedOnDevices: 0, alertSubscribers: 0 }} report={savesReport} /> : null}
      {data.canEdit ? (
        <section aria-labelledby="vehicle-form-title" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="vehicle-form-title" className="text-lg font-semibold">
            {data.vehicle ? m.vehicleForm.editTitle : m.vehicleForm.addTitle}
          </h2>
          <VehicleForm key={counter.current} form={form} values={values} isNew={!data.vehicle} />
        </section>
      ) : (
        <p className="text-gray-800">{messages.lot.readOnly}</p>
      )}
      {"daysInStock" in data ? <VehicleDocuments data={data} /> : null}
    </div>
  );
}

type Photo = { key: string; url: string };

function VehicleForm({ form, values, isNew }: { form: StaffFormState; values: VehicleFormValues; isNew: boolean }) {
  const messages = useStaffMessages();
  const m = messages.staff;
  const f = m.vehicleForm;
  const lot = messages.lot;
  const hydrated = useHydrated();
  const idp = useId();
  const err = form.errors;
  const [vin, setVin] = useState(values.vin);
  const [price, setPrice] = useState(values.price);
  const [mileage, setMileage] = useState(values.mileage);
  const [warrantyType, setWarrantyType] = useState(values.warrantyType);
  const [termsMode, setTermsMode] = useState(values.termsMode);
  const [features, setFeatures] = useState(values.features);
  const [photos, setPhotos] = useState<Photo[]>(values.images.map((key) => ({ key, url: photoUrl(key) })));
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const shownTicked = useRef(new Set(splitFeatures(values.features).map(canonicalFeatureName)));

  const required = massachusettsWarranty(Number(price), Number(mileage));
  const warn =
    required !== null && warrantyType === "as_is" && asIsViolatesLaw({ price: Number(price), mileage: Number(mileage), warrantyType });
  const chosen = new Set(splitFeatures(features).map(canonicalFeatureName));

  function toggleFeature(name: string, on: boolean) {
    const kept = splitFeatures(features).filter((text) => canonicalFeatureName(text) !== name);
    setFeatures((on ? [...kept, name] : kept).join(", "));
  }

  // With JavaScript: each chosen photo resized in the browser and uploaded at once (POST /api/admin/photos),
  // so the form posts their keys only; the file input is emptied so the files do not go with it too.
  async function addFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (fileRef.current) fileRef.current.value = "";
    if (files.length === 0) return;
    if (files.length > MAX_PHOTOS_PER_UPLOAD) {
      toast({ title: f.tooManyTitle, description: f.tooManyText, variant: "destructive" });
      return;
    }
    let done = 0;
    setProgress({ done, total: files.length });
    const results: (Photo | null)[] = new Array<Photo | null>(files.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const i = next++;
        try {
          const uploaded = await uploadPhoto(await resizePhoto(files[i]!), () => undefined);
          results[i] = { key: uploaded.key, url: uploaded.url };
        } catch {
          results[i] = null;
        }
        done += 1;
        setProgress({ done, total: files.length });
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, files.length) }, worker));
    setProgress(null);
    const ok = results.filter((p): p is Photo => p !== null);
    setPhotos((current) => [...current, ...ok.filter((p) => !current.some((c) => c.key === p.key))]);
    if (ok.length < files.length) toast({ title: m.common.error, description: f.photoFailed, variant: "destructive" });
    else toast({ title: f.processedText(ok.length) });
  }

  function move(index: number, by: number) {
    const next = [...photos];
    const [item] = next.splice(index, 1);
    next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
    setPhotos(next);
  }

  const text = (name: keyof VehicleFormValues) => String(values[name] ?? "");
  const select = (name: "transmission" | "drivetrain" | "bodyStyle" | "exteriorColor", label: string, options: readonly string[]) => (
    <SelectField
      name={name}
      label={label}
      required
      defaultValue={text(name)}
      error={err[name]}
      options={[["", f.select], ...withCurrent(options, text(name)).map((o) => [o, o] as const)]}
    />
  );
  const termsShown = !hydrated || warrantyType === "dealer";
  const ownShown = !hydrated || termsMode === "own";

  return (
    <StaffForm form={form} encType="multipart/form-data" noValidate className="mt-3 space-y-4" preventScrollReset>
      {/* Enter in a field saves (the first submit button is the form's default), not the VIN lookup. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      <p className="text-sm text-gray-700">
        <RequiredMark /> {f.requiredLegend}
      </p>
      <FormError>{form.error}</FormError>
      <div>
        <div className={staffLabelClass}>
          <label htmlFor={`${idp}-vin`}>{f.vin}</label>
          <RequiredMark />
        </div>
        <div className="mt-1 flex gap-2">
          <input
            id={`${idp}-vin`}
            name="vin"
            value={vin}
            onChange={(e) => setVin(e.target.value.toUpperCase())}
            maxLength={VIN_LENGTH}
            autoComplete="off"
            spellCheck={false}
            aria-required
            aria-invalid={err.vin ? true : undefined}
            aria-describedby={err.vin ? `${idp}-vin-error` : undefined}
            className={`${staffControlClass(err.vin)} mt-0 font-mono uppercase`}
          />
          <Button
            type="submit"
            name="intent"
            value="decode"
            variant="dark"
            disabled={(hydrated && vin.length !== VIN_LENGTH) || form.busy}
            className="min-h-11 whitespace-nowrap"
          >
            {form.busy && form.pending?.get("intent") === "decode" ? f.lookingUp : f.lookup}
          </Button>
        </div>
        {hydrated && vin.length > 0 && vin.length < VIN_LENGTH ? (
          <p className="mt-1 text-sm text-red-800">
            <span className="font-semibold">{f.invalidVinTitle}</span> / {f.invalidVinText}
          </p>
        ) : null}
        {err.vin ? (
          <p id={`${idp}-vin-error`} className="mt-1 text-sm text-red-800">
            {err.vin}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="year" label={f.year} required inputMode="numeric" defaultValue={text("year")} error={err.year} />
        <TextField name="make" label={f.make} required defaultValue={text("make")} error={err.make} />
        <TextField name="model" label={f.model} required defaultValue={text("model")} error={err.model} />
        <NumberField name="price" label={f.price} required value={price} onChange={(e) => setPrice(e.target.value)} error={err.price} />
        <NumberField
          name="mileage"
          label={f.mileage}
          required
          inputMode="numeric"
          value={mileage}
          onChange={(e) => setMileage(e.target.value)}
          error={err.mileage}
        />
        {select("transmission", f.transmission, TRANSMISSIONS)}
        {select("drivetrain", f.drivetrain, DRIVETRAINS)}
        {select("bodyStyle", f.bodyStyle, BODY_STYLES)}
        {select("exteriorColor", f.exteriorColor, COLORS)}
      </div>
      <div>
        <TextField
          name="features"
          label={f.features}
          required
          placeholder={f.featuresHint}
          value={features}
          onChange={(e) => setFeatures(e.target.value)}
          error={err.features}
        />
        <FeatureChoices chosen={chosen} shownTicked={shownTicked.current} onToggle={hydrated ? toggleFeature : undefined} idp={idp} />
      </div>
      <DescriptionTabs
        idp={idp}
        invalid={err.description ? "en" : err.descriptionEs ? "es" : err.descriptionPt ? "pt" : null}
        panel={(language) => {
          const name = language === "es" ? "descriptionEs" : language === "pt" ? "descriptionPt" : "description";
          const d = messages.vehicleText.descriptions;
          return (
            <TextAreaField
              name={name}
              label={language === "es" ? d.esLabel : language === "pt" ? d.ptLabel : f.description}
              lang={language}
              rows={3}
              defaultValue={text(name)}
              error={err[name]}
            />
          );
        }}
      />
      <fieldset className="rounded-lg border border-gray-200 p-4">
        <legend className="px-1 text-sm font-semibold">{lot.fields.legend}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="stockNumber" label={lot.fields.stockNumber} defaultValue={text("stockNumber")} error={err.stockNumber} />
          <TextField name="trim" label={lot.fields.trim} defaultValue={text("trim")} error={err.trim} />
          <SelectField
            name="fuelType"
            label={lot.fields.fuelType}
            defaultValue={text("fuelType")}
            error={err.fuelType}
            options={[["", lot.fields.fuelTypeUnknown], ...FUEL_TYPES.map((fuel) => [fuel, FUEL_TYPE_LABELS[fuel]] as const)]}
          />
          <SelectField
            name="status"
            label={lot.fields.status}
            defaultValue={text("status")}
            error={err.status}
            options={VEHICLE_STATUSES.map((s) => [s, lot.statuses[s]] as const)}
          />
          <TextField
            name="dateInStock"
            type="date"
            label={lot.fields.dateInStock}
            defaultValue={text("dateInStock")}
            error={err.dateInStock}
          />
          <SelectField
            name="warrantyType"
            label={lot.fields.warrantyType}
            className="sm:col-span-2"
            value={warrantyType}
            onChange={(e) => setWarrantyType(e.target.value)}
            error={err.warrantyType}
            hint={
              warn && required ? (
                <span role="alert" className="block rounded-md bg-amber-50 p-2 font-medium text-amber-900">
                  {lot.asIsWarning(required.days, formatNumber(required.miles))}
                </span>
              ) : undefined
            }
            // "As is" only where the profile's state allows it (decision 060); a stored "as is" stays visible.
            options={WARRANTY_TYPES.filter((w) => w !== "as_is" || asIsAllowed() || warrantyType === "as_is").map(
              (w) => [w, lot.warrantyTypes[w]] as const,
            )}
          />
          {termsShown ? (
            <fieldset className="space-y-3 sm:col-span-2" data-testid="warranty-terms">
              <legend className="text-sm font-medium">{lot.fields.warrantyTerms}</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="termsMode"
                  value="statutory"
                  checked={termsMode === "statutory"}
                  onChange={() => setTermsMode("statutory")}
                  className="h-6 w-6 shrink-0"
                />
                {required ? lot.fields.statutoryTerms(required.days, formatNumber(required.miles)) : lot.fields.statutoryTermsNone}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="termsMode"
                  value="own"
                  checked={termsMode === "own"}
                  onChange={() => setTermsMode("own")}
                  className="h-6 w-6 shrink-0"
                />
                {lot.fields.ownTerms}
              </label>
              {ownShown ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <fieldset
                    className="sm:col-span-2"
                    aria-describedby={err[TERMS_FIELDS.systems] ? `${idp}-terms-systems-error` : undefined}
                  >
                    <legend className="text-sm font-medium">{lot.fields.warrantySystems}</legend>
                    <div className="mt-1 grid gap-1 sm:grid-cols-2">
                      {WARRANTY_SYSTEMS.map((system) => (
                        <label key={system} className="flex items-start gap-2 text-sm">
                          <input
                            type="checkbox"
                            name={TERMS_FIELDS.systems}
                            value={system}
                            // Own terms start from the statute's system; a form drawn again keeps what was ticked.
                            defaultChecked={values.systems.length > 0 ? values.systems.includes(system) : system === "use-or-safety"}
                            className="h-6 w-6 shrink-0"
                          />
                          {WARRANTY_SYSTEM_NAMES.en[system]}
                        </label>
                      ))}
                    </div>
                    {err[TERMS_FIELDS.systems] ? (
                      <p id={`${idp}-terms-systems-error`} className="mt-1 text-sm text-red-800">
                        {err[TERMS_FIELDS.systems]}
                      </p>
                    ) : null}
                  </fieldset>
                  {(["days", "miles", "laborPercent", "partsPercent"] as const).map((name) => (
                    <NumberField
                      key={name}
                      name={TERMS_FIELDS[name]}
                      inputMode="numeric"
                      label={
                        {
                          days: lot.fields.warrantyDays,
                          miles: lot.fields.warrantyMiles,
                          laborPercent: lot.fields.warrantyLaborPercent,
                          partsPercent: lot.fields.warrantyPartsPercent,
                        }[name]
                      }
                      defaultValue={
                        values[name] ||
                        (name === "days"
                          ? String(required?.days ?? 30)
                          : name === "miles"
                            ? required
                              ? String(required.miles)
                              : ""
                            : "100")
                      }
                      error={err[TERMS_FIELDS[name]]}
                    />
                  ))}
                </div>
              ) : null}
            </fieldset>
          ) : null}
          <div className="flex items-center gap-2 sm:col-span-2">
            <input
              id={`${idp}-manufacturer`}
              type="checkbox"
              name="manufacturerWarrantyApplies"
              value="yes"
              defaultChecked={values.manufacturerWarrantyApplies}
              className="h-6 w-6 shrink-0"
            />
            <label htmlFor={`${idp}-manufacturer`} className="text-sm font-medium">
              {lot.fields.manufacturerWarrantyApplies}
            </label>
          </div>
        </div>
      </fieldset>

      <fieldset aria-describedby={err.images ? `${idp}-photos-error` : undefined}>
        <legend className="text-sm font-medium">
          {f.photos}
          {isNew ? <RequiredMark /> : null}
        </legend>
        <p id={`${idp}-photos-hint`} className="text-sm text-gray-700">
          {hydrated ? f.photosHint : f.photosNoScript}
        </p>
        {photos.map((p) => (
          <input key={p.key} type="hidden" name="images" value={p.key} />
        ))}
        <input
          ref={fileRef}
          id={`${idp}-files`}
          type="file"
          name="photos"
          accept="image/*"
          multiple
          className={hydrated ? "sr-only" : "mt-2 block w-full text-sm"}
          aria-describedby={[`${idp}-photos-hint`, err.images ? `${idp}-photos-error` : ""].filter(Boolean).join(" ")}
          aria-invalid={err.images ? true : undefined}
          onChange={hydrated ? (e) => void addFiles(e.target.files) : undefined}
        />
        <label
          htmlFor={`${idp}-files`}
          className={
            hydrated
              ? "mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-gray-400 px-4 py-2 font-medium hover:bg-gray-50 [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-red-700"
              : "sr-only"
          }
        >
          <ImagePlus aria-hidden="true" className="h-6 w-6 shrink-0" />
          {f.addPhotos}
        </label>
        {err.images ? (
          <p id={`${idp}-photos-error`} className="mt-1 text-sm text-red-800">
            {err.images}
          </p>
        ) : null}
        {progress ? (
          <p className="mt-2 text-sm text-gray-800" role="status">
            {f.uploading(progress.done, progress.total)}
          </p>
        ) : null}
        {photos.length > 0 ? (
          <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {photos.map((p, i) => (
              <li key={p.key} className="relative overflow-hidden rounded-md border border-gray-200">
                <img src={p.url} alt={f.photoAlt(i + 1)} className="aspect-[4/3] w-full object-cover" />
                {i === 0 ? (
                  <span className="absolute left-1 top-1 rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{f.cover}</span>
                ) : null}
                {hydrated ? (
                  <div className="flex justify-between bg-white p-1">
                    <IconButton label={`${f.makeCover} (${f.photoAlt(i + 1)})`} disabled={i === 0} onClick={() => move(i, -i)}>
                      <Star aria-hidden="true" className="h-6 w-6 shrink-0" />
                    </IconButton>
                    <IconButton label={`${f.moveUp} (${f.photoAlt(i + 1)})`} disabled={i === 0} onClick={() => move(i, -1)}>
                      <ArrowUp aria-hidden="true" className="h-6 w-6 shrink-0" />
                    </IconButton>
                    <IconButton
                      label={`${f.moveDown} (${f.photoAlt(i + 1)})`}
                      disabled={i === photos.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown aria-hidden="true" className="h-6 w-6 shrink-0" />
                    </IconButton>
                    <IconButton
                      label={`${f.removePhoto} (${f.photoAlt(i + 1)})`}
                      onClick={() => setPhotos(photos.filter((_, j) => j !== i))}
                    >
                      <X aria-hidden="true" className="h-6 w-6 shrink-0" />
                    </IconButton>
                  </div>
                ) : (
                  // Without JavaScript: choose the cover and tick photos to remove; the save applies them.
                  <div className="space-y-1 bg-white p-2 text-sm">
                    <label className="flex items-center gap-2">
                      <input type="radio" name="coverImage" value={p.key} defaultChecked={i === 0} className="h-6 w-6 shrink-0" />
                      {f.coverChoice(i + 1)}
                    </label>
                    <label className="flex items-center gap-2">
                      <input type="checkbox" name="removeImage" value={p.key} className="h-6 w-6 shrink-0" />
                      {f.removeChoice(i + 1)}
                    </label>
                  </div>
                )}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-gray-700">{isNew ? f.photoRequired : f.unlistedWithoutPhotos}</p>
        )}
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3 border-t border-gray-200 pt-4">
        <Link to="/podium/vehicles" className={buttonClass("secondary", "md", "min-h-11")}>
          {m.common.cancel}
        </Link>
        <Button
          type="submit"
          name="intent"
          value="save"
          variant="primary"
          disabled={(hydrated && isNew && photos.length === 0) || form.busy || progress !== null}
          className="min-h-11"
        >
          {form.busy && form.pending?.get("intent") === "save" ? f.saving : f.save}
        </Button>
      </div>
    </StaffForm>
  );
}

/**
 * The catalogue of standard options beside the Features field (decision 069). Without JavaScript the
 * boxes post what is ticked and, hidden, what was ticked when the page was drawn, and the server applies
 * the difference to the text (postedFeatures); with it, ticking edits the text at once.
 */
function FeatureChoices({
  chosen,
  shownTicked,
  onToggle,
  idp,
}: {
  chosen: Set<string>;
  shownTicked: Set<string>;
  onToggle?: (name: string, on: boolean) => void;
  idp: string;
}) {
  const t = useStaffMessages().vehicleText.features;
  const count = FEATURE_CATALOGUE.filter((feature) => chosen.has(feature.names.en)).length;
  return (
    <details className="mt-2 rounded-md border border-gray-300" data-testid="feature-picker">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-red-700">
        {t.choose} <span className="font-normal text-gray-700">({t.chosen(count)})</span>
      </summary>
      <div className="space-y-4 border-t border-gray-300 px-3 py-3">
        <p id={`${idp}-feature-picker-help`} className="text-sm text-gray-700">
          {t.help}
        </p>
        {FEATURE_CATALOGUE.filter((feature) => shownTicked.has(feature.names.en)).map((feature) => (
          <input key={feature.key} type="hidden" name="featureChoiceShown" value={feature.names.en} />
        ))}
        {CATEGORIES.map((category) => (
          <fieldset key={category} aria-describedby={`${idp}-feature-picker-help`}>
            <legend className="text-sm font-semibold">{t.categories[category]}</legend>
            <div className="mt-1 grid gap-x-4 gap-y-2 sm:grid-cols-2">
              {FEATURE_CATALOGUE.filter((feature) => feature.category === category).map((feature) => (
                <label key={feature.key} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="featureChoice"
                    value={feature.names.en}
                    {...(onToggle
                      ? { checked: chosen.has(feature.names.en), onChange: (e) => onToggle(feature.names.en, e.target.checked) }
                      : { defaultChecked: chosen.has(feature.names.en) })}
                    className="h-6 w-6 shrink-0 accent-red-700"
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

/** Days in stock, sold date, whether it is on the website. */
function VehicleFacts({ data }: { data: VehicleScreenData }) {
  const lot = useStaffMessages().lot;
  const v = data.vehicle;
  return (
    <p className="text-gray-800">
      {lot.details.daysInStock(data.daysInStock, v.dateInStock)}
      {v.soldAt ? ` · ${lot.details.soldOn(formatDealerTime(v.soldAt, "date"))}` : ""} · {lot.statuses[v.status]} ·{" "}
      {lot.record.photoCount(v.images.length)} ·{" "}
      {v.images.length > 0 && v.status !== "sold" ? lot.record.onWebsite : lot.record.notOnWebsite}
    </p>
  );
}

/** How many shoppers saved it: a signal for pricing, with the report that lists every saved vehicle. */
function VehicleSavedBy({ saves, report }: { saves: VehicleSaves[string]; report: boolean }) {
  const a = useStaffMessages().alerts;
  return (
    <section aria-labelledby="vehicle-saved-by" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="vehicle-saved-by" className="text-lg font-semibold">
        {a.savesHeading}
      </h2>
      <p className="mt-1 text-gray-800" data-testid="vehicle-saved-by">
        {a.savesText(saves.savedOnDevices, saves.alertSubscribers)}
      </p>
      {report ? (
        <Link to="/podium/reports/alerts" className="mt-1 inline-flex min-h-11 items-center font-medium text-red-800 underline">
          {a.savesReport}
        </Link>
      ) : null}
    </section>
  );
}

/** The Buyers Guide and warranty PDFs (each download archived on the server, decision 060) and the price history. */
function VehicleDocuments({ data }: { data: VehicleScreenData }) {
  const t = useStaffMessages().lot;
  const d = t.details;
  const v = data.vehicle;
  const required = massachusettsWarranty(v.price, v.mileage);
  const link = (href: string, text: string) => (
    <a key={href} href={href} target="_blank" rel="noopener" className={buttonClass("secondary", "md", "min-h-11")}>
      {text}
    </a>
  );
  const pair = (kind: string, en: string, es: string) =>
    (["en", "es"] as const).map((lang) => link(`/api/admin/vehicles/${v.id}/${kind}.pdf?lang=${lang}`, lang === "en" ? en : es));
  return (
    <section aria-labelledby="vehicle-documents" className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="vehicle-documents" className="text-lg font-semibold">
        {d.buyersGuide}
      </h2>
      <p className="text-sm text-gray-800">
        {d.warranty}: {t.warrantyTypes[v.warrantyType]}
      </p>
      {v.warrantyType === "as_is" && required ? (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900">
          {t.asIsWarning(required.days, formatNumber(required.miles))}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">{pair("buyers-guide", d.buyersGuideEn, d.buyersGuideEs)}</div>
      <h3 className="pt-2 font-semibold">{d.maWarranty}</h3>
      {/* Under $700 the doc fee may bring the price the statute tests to $700 or more: the server decides (decision 091). */}
      {required || v.mileage < MA_WARRANTY_MAX_MILEAGE ? (
        <div className="flex flex-wrap gap-2">{pair("ma-warranty", d.maWarrantyEn, d.maWarrantyEs)}</div>
      ) : (
        <p className="text-sm text-gray-700">{d.noMaWarranty}</p>
      )}
      <h3 className="pt-2 font-semibold">{d.rightsNotice}</h3>
      <p className="text-sm text-gray-700">{d.rightsNoticeHint}</p>
      <div className="flex flex-wrap gap-2">{pair("rights-notice", d.rightsNoticeEn, d.rightsNoticeEs)}</div>
      <h3 className="pt-2 font-semibold">{d.documents}</h3>
      <DataTable<DocumentRow>
        caption={d.documents}
        phoneLayout="table"
        className="mt-1"
        testId="vehicle-documents"
        rows={data.documents}
        rowKey={(doc) => doc.id}
        empty={<p className="text-sm text-gray-700">{d.noDocuments}</p>}
        columns={[
          { id: "when", header: d.when, cell: (doc) => formatDealerTime(doc.createdAt), cellClassName: "whitespace-nowrap" },
          { id: "document", header: d.document, cell: (doc) => d.documentKinds[doc.kind] },
          { id: "language", header: d.language, cell: (doc) => doc.language.toUpperCase() },
          { id: "by", header: d.by, cell: (doc) => doc.actor },
          { id: "version", header: d.version, cell: (doc) => doc.textVersion, cellClassName: "font-mono text-xs" },
        ]}
      />
      <h3 className="pt-2 font-semibold">{d.priceHistory}</h3>
      <DataTable<PriceChangeRow>
        caption={d.priceHistory}
        phoneLayout="table"
        className="mt-1"
        testId="price-history"
        rows={data.priceHistory}
        rowKey={(change) => change.changedAt}
        empty={<p className="text-sm text-gray-700">{d.noPriceChanges}</p>}
        columns={[
          { id: "when", header: d.when, cell: (change) => formatDealerTime(change.changedAt), cellClassName: "whitespace-nowrap" },
          { id: "from", header: d.from, cell: (change) => formatPrice(change.oldPrice) },
          { id: "to", header: d.to, cell: (change) => formatPrice(change.newPrice) },
        ]}
      />
    </section>
  );
}

/** Keeps a stored value selectable even when it is not in the standard list. */
function withCurrent(options: readonly string[], current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="min-h-11 min-w-11 rounded p-1.5 text-gray-800 hover:bg-gray-100 disabled:opacity-30"
    >
      {children}
    </button>
  );
}
