import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowDown, ArrowUp, ImagePlus, Star, X } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { VIN_LENGTH } from "~/shared/lib/vin";
import type { Vehicle } from "~/shared/types/vehicle";
import { Button } from "~/shared/ui/staff/button";
import { ModalDialog } from "~/shared/ui/staff/modal-dialog";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import { apiErrorBody, staffFetch, staffJson } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import { DescriptionTabs } from "./description-tabs";
import { FeaturePicker } from "./feature-picker";
import { resizePhoto, uploadPhoto } from "./resize-photo";
import { LotFields } from "./vehicle-lot-fields";
import {
  BODY_STYLES,
  COLORS,
  DRIVETRAINS,
  MAX_PHOTOS_PER_UPLOAD,
  TRANSMISSIONS,
  vehicleEditSchema,
  vehicleSchema,
  type VehicleFormInput,
  type VehicleFormOutput,
} from "./vehicle-schema";
import type { VinLookupResult } from "./vin-mapping";

type Photo = { key: string; url: string };

/** Keys of a stored vehicle's photos, read from their URLs (/images/{key}-1200.jpg). */
function photosOf(vehicle: Vehicle | null): Photo[] {
  return (vehicle?.images ?? []).flatMap((url) => {
    const key = /\/images\/([0-9a-f]{32})-1200\.jpg$/.exec(url)?.[1];
    return key ? [{ key, url }] : [];
  });
}

/** Add Vehicle / Edit Vehicle (docs/behaviour.md §5 Vehicle form, §8 toasts, §9 photos). */
export function VehicleDialog({ vehicle, onClose, onSaved }: { vehicle: Vehicle | null; onClose: () => void; onSaved: () => void }) {
  const staffText = useStaffMessages();
  const m = staffText.staff;
  const f = m.vehicleForm;
  const d = staffText.vehicleText.descriptions;
  const [photos, setPhotos] = useState<Photo[]>(() => photosOf(vehicle));
  const [progress, setProgress] = useState<{ done: number; total: number; percent: number } | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const idp = useId();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VehicleFormInput, unknown, VehicleFormOutput>({
    // Editing may save without photos (price, status of an imported vehicle); adding asks for one (docs/behaviour.md §5).
    resolver: zodResolver(vehicle ? vehicleEditSchema : vehicleSchema),
    defaultValues: vehicle
      ? {
          vin: vehicle.vin,
          year: String(vehicle.year),
          make: vehicle.make,
          model: vehicle.model,
          price: String(vehicle.price),
          mileage: String(vehicle.mileage),
          transmission: vehicle.transmission as VehicleFormInput["transmission"],
          drivetrain: vehicle.drivetrain,
          bodyStyle: vehicle.bodyStyle,
          exteriorColor: vehicle.exteriorColor as VehicleFormInput["exteriorColor"],
          features: vehicle.features.join(", "),
          description: vehicle.description ?? "",
          descriptionEs: vehicle.descriptionEs ?? "",
          descriptionPt: vehicle.descriptionPt ?? "",
          images: photosOf(vehicle).map((p) => p.key),
          stockNumber: vehicle.stockNumber ?? "",
          trim: vehicle.trim ?? "",
          fuelType: vehicle.fuelType ?? "",
          status: vehicle.status,
          dateInStock: vehicle.dateInStock,
          warrantyType: vehicle.warrantyType,
          warrantyTerms: vehicle.warrantyTerms
            ? {
                systems: vehicle.warrantyTerms.systems,
                days: String(vehicle.warrantyTerms.days),
                miles: vehicle.warrantyTerms.miles === null ? "" : String(vehicle.warrantyTerms.miles),
                laborPercent: String(vehicle.warrantyTerms.laborPercent),
                partsPercent: String(vehicle.warrantyTerms.partsPercent),
              }
            : null,
          manufacturerWarrantyApplies: vehicle.manufacturerWarrantyApplies,
        }
      : {
          vin: "",
          year: "",
          make: "",
          model: "",
          price: "",
          mileage: "",
          drivetrain: "",
          bodyStyle: "",
          features: "",
          description: "",
          descriptionEs: "",
          descriptionPt: "",
          images: [],
          stockNumber: "",
          trim: "",
          fuelType: "",
          status: "available",
          dateInStock: new Date().toISOString().slice(0, 10),
          warrantyType: "dealer",
          warrantyTerms: null,
          manufacturerWarrantyApplies: false,
        },
  });
  const vin = watch("vin") ?? "";

  function syncImages(next: Photo[]) {
    setPhotos(next);
    setValue(
      "images",
      next.map((p) => p.key),
      { shouldValidate: next.length > 0 },
    );
  }

  async function lookupVin() {
    if (vin.length !== VIN_LENGTH) {
      toast({ title: f.invalidVinTitle, description: f.invalidVinText, variant: "destructive" });
      return;
    }
    setLookingUp(true);
    await runWithToast(
      async () => {
        const info = await staffJson<VinLookupResult>(`/api/admin/vin/${encodeURIComponent(vin)}`);
        const opts = { shouldValidate: true, shouldDirty: true };
        setValue("year", String(info.year), opts);
        setValue("make", info.make, opts);
        setValue("model", info.model, opts);
        if (info.bodyStyle) setValue("bodyStyle", info.bodyStyle, opts);
        if (info.drivetrain) setValue("drivetrain", info.drivetrain, opts);
        if (info.transmission) setValue("transmission", info.transmission, opts);
        if (info.fuelType) setValue("fuelType", info.fuelType, opts);
        if (info.description && !watch("description")) setValue("description", info.description, opts);
      },
      {
        success: { title: f.lookupSuccessTitle, description: f.lookupSuccessText },
        failure: { title: m.common.error, description: f.lookupFailed },
      },
    );
    setLookingUp(false);
  }

  async function addFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (fileRef.current) fileRef.current.value = "";
    if (files.length === 0) return;
    if (files.length > MAX_PHOTOS_PER_UPLOAD) {
      toast({ title: f.tooManyTitle, description: f.tooManyText, variant: "destructive" });
      return;
    }
    toast({ title: f.processingTitle, description: f.processingText });
    const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
    const loaded = new Array<number>(files.length).fill(0);
    let done = 0;
    setProgress({ done: 0, total: files.length, percent: 0 });
    // Resize and upload a few at a time: enough parallelism, bounded memory.
    const results: (Photo | null)[] = new Array(files.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const i = next++;
        try {
          const blob = await resizePhoto(files[i]!);
          const scale = files[i]!.size / (blob.size || 1);
          const uploaded = await uploadPhoto(blob, (bytes) => {
            loaded[i] = bytes * scale;
            setProgress({
              done,
              total: files.length,
              percent: Math.min(99, Math.round((loaded.reduce((a, b) => a + b, 0) / total) * 100)),
            });
          });
          results[i] = { key: uploaded.key, url: uploaded.url };
        } catch {
          results[i] = null;
        }
        loaded[i] = files[i]!.size;
        done += 1;
        setProgress({ done, total: files.length, percent: Math.round((loaded.reduce((a, b) => a + b, 0) / total) * 100) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, files.length) }, worker));
    setProgress(null);
    const ok = results.filter((p): p is Photo => p !== null);
    setPhotos((current) => {
      const merged = [...current, ...ok.filter((p) => !current.some((c) => c.key === p.key))];
      setValue(
        "images",
        merged.map((p) => p.key),
        { shouldValidate: merged.length > 0 },
      );
      return merged;
    });
    if (ok.length < files.length) toast({ title: m.common.error, description: f.photoFailed, variant: "destructive" });
    else toast({ title: f.processingTitle.replace("...", ""), description: f.processedText(ok.length) });
  }

  function move(index: number, by: number) {
    const next = [...photos];
    const [item] = next.splice(index, 1);
    next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
    syncImages(next);
  }

  async function save(values: VehicleFormOutput) {
    const saved = await runWithToast(
      () =>
        staffFetch(vehicle ? `/api/admin/vehicles/${vehicle.id}` : "/api/admin/vehicles", {
          method: vehicle ? "PATCH" : "POST",
          body: { ...values, images: photos.map((p) => p.key) },
        }),
      {
        success: { title: vehicle ? m.vehicles.updated : m.vehicles.added },
        failure: (error) => {
          // The server re-checks what the form cannot know (the doc fee in the warranty law's price): its
          // field messages go on the fields, the first one in the toast.
          const fieldErrors = apiErrorBody(error)?.fieldErrors ?? {};
          for (const [name, message] of Object.entries(fieldErrors)) setError(name as Parameters<typeof setError>[0], { message });
          return { title: m.common.error, description: Object.values(fieldErrors)[0] ?? m.vehicles.saveFailed };
        },
      },
    );
    if (saved) onSaved();
  }

  const field = (name: keyof VehicleFormInput) => ({
    id: `${idp}-${name}`,
    "aria-required": name === "description" || name === "descriptionEs" || name === "descriptionPt" ? undefined : true,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${idp}-${name}-error` : undefined,
  });
  const inputClass =
    "mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 focus:outline-2 focus:outline-red-700 aria-[invalid]:border-red-700";

  return (
    <ModalDialog title={vehicle ? f.editTitle : f.addTitle} onClose={onClose}>
      <form onSubmit={handleSubmit(save)} noValidate className="space-y-4">
        <p className="text-sm text-gray-700">
          <RequiredMark /> {f.requiredLegend}
        </p>
        <div>
          <div className="text-sm font-medium">
            <label htmlFor={`${idp}-vin`}>{f.vin}</label>
            <RequiredMark />
          </div>
          <div className="mt-1 flex gap-2">
            <input
              {...register("vin", { onChange: (e) => setValue("vin", String(e.target.value).toUpperCase()) })}
              {...field("vin")}
              maxLength={VIN_LENGTH}
              autoComplete="off"
              spellCheck={false}
              className={`${inputClass} mt-0 font-mono uppercase`}
            />
            <Button variant="dark" onClick={lookupVin} disabled={vin.length !== VIN_LENGTH || lookingUp} className="whitespace-nowrap">
              {lookingUp ? f.lookingUp : f.lookup}
            </Button>
          </div>
          {vin.length > 0 && vin.length < VIN_LENGTH ? (
            <p className="mt-1 text-sm text-red-800">
              <span className="font-semibold">{f.invalidVinTitle}</span> / {f.invalidVinText}
            </p>
          ) : null}
          <FieldError id={`${idp}-vin-error`} message={errors.vin?.message} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={f.year} htmlFor={`${idp}-year`} error={errors.year?.message} errorId={`${idp}-year-error`}>
            <input {...register("year")} {...field("year")} inputMode="numeric" className={inputClass} />
          </Field>
          <Field label={f.make} htmlFor={`${idp}-make`} error={errors.make?.message} errorId={`${idp}-make-error`}>
            <input {...register("make")} {...field("make")} className={inputClass} />
          </Field>
          <Field label={f.model} htmlFor={`${idp}-model`} error={errors.model?.message} errorId={`${idp}-model-error`}>
            <input {...register("model")} {...field("model")} className={inputClass} />
          </Field>
          <Field label={f.price} htmlFor={`${idp}-price`} error={errors.price?.message} errorId={`${idp}-price-error`}>
            <input {...register("price")} {...field("price")} inputMode="numeric" className={inputClass} />
          </Field>
          <Field label={f.mileage} htmlFor={`${idp}-mileage`} error={errors.mileage?.message} errorId={`${idp}-mileage-error`}>
            <input {...register("mileage")} {...field("mileage")} inputMode="numeric" className={inputClass} />
          </Field>
          <Field
            label={f.transmission}
            htmlFor={`${idp}-transmission`}
            error={errors.transmission?.message}
            errorId={`${idp}-transmission-error`}
          >
            <select
              {...register("transmission")}
              {...field("transmission")}
              className={inputClass}
              defaultValue={vehicle?.transmission ?? ""}
            >
              <option value="">{f.select}</option>
              {TRANSMISSIONS.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </Field>
          <Field label={f.drivetrain} htmlFor={`${idp}-drivetrain`} error={errors.drivetrain?.message} errorId={`${idp}-drivetrain-error`}>
            <select {...register("drivetrain")} {...field("drivetrain")} className={inputClass}>
              <option value="">{f.select}</option>
              {withCurrent(DRIVETRAINS, vehicle?.drivetrain).map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </Field>
          <Field label={f.bodyStyle} htmlFor={`${idp}-bodyStyle`} error={errors.bodyStyle?.message} errorId={`${idp}-bodyStyle-error`}>
            <select {...register("bodyStyle")} {...field("bodyStyle")} className={inputClass}>
              <option value="">{f.select}</option>
              {withCurrent(BODY_STYLES, vehicle?.bodyStyle).map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </Field>
          <Field
            label={f.exteriorColor}
            htmlFor={`${idp}-exteriorColor`}
            error={errors.exteriorColor?.message}
            errorId={`${idp}-exteriorColor-error`}
          >
            <select
              {...register("exteriorColor")}
              {...field("exteriorColor")}
              className={inputClass}
              defaultValue={vehicle?.exteriorColor ?? ""}
            >
              <option value="">{f.select}</option>
              {COLORS.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </Field>
        </div>
        <Field label={f.features} htmlFor={`${idp}-features`} error={errors.features?.message} errorId={`${idp}-features-error`}>
          <input {...register("features")} {...field("features")} placeholder={f.featuresHint} className={inputClass} />
          <FeaturePicker
            idp={idp}
            value={String(watch("features") ?? "")}
            onChange={(next) => setValue("features", next, { shouldValidate: true, shouldDirty: true })}
          />
        </Field>
        <DescriptionTabs
          idp={idp}
          invalid={errors.description ? "en" : errors.descriptionEs ? "es" : errors.descriptionPt ? "pt" : null}
          panel={(language) => {
            const name = language === "es" ? "descriptionEs" : language === "pt" ? "descriptionPt" : "description";
            return (
              <Field
                optional
                label={language === "es" ? d.esLabel : language === "pt" ? d.ptLabel : f.description}
                htmlFor={`${idp}-${name}`}
                error={errors[name]?.message}
                errorId={`${idp}-${name}-error`}
              >
                <textarea {...register(name)} {...field(name)} lang={language} rows={3} className={inputClass} />
              </Field>
            );
          }}
        />
        <LotFields register={register} watch={watch} setValue={setValue} errors={errors} idp={idp} inputClass={inputClass} />

        <fieldset>
          <legend className="text-sm font-medium">
            {f.photos}
            <RequiredMark />
          </legend>
          <p id={`${idp}-photos-hint`} className="text-sm text-gray-700">
            {f.photosHint}
          </p>
          <input
            ref={fileRef}
            id={`${idp}-files`}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            aria-describedby={`${idp}-photos-hint`}
            onChange={(e) => void addFiles(e.target.files)}
          />
          <label
            htmlFor={`${idp}-files`}
            className="mt-2 inline-flex cursor-pointer items-center gap-2 rounded-md border border-gray-400 px-4 py-2 font-medium hover:bg-gray-50 [:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-red-700"
          >
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            {f.addPhotos}
          </label>
          {progress ? (
            <div className="mt-3">
              <p className="text-sm text-gray-800">{f.uploading(progress.done, progress.total)}</p>
              <progress max={100} value={progress.percent} aria-label={f.uploadProgress} className="mt-1 h-2 w-full accent-red-700" />
            </div>
          ) : null}
          {photos.length > 0 ? (
            <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {photos.map((p, i) => (
                <li key={p.key} className="relative overflow-hidden rounded-md border border-gray-200">
                  <img src={p.url} alt={f.photoAlt(i + 1)} className="aspect-[4/3] w-full object-cover" />
                  {i === 0 ? (
                    <span className="absolute left-1 top-1 rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{f.cover}</span>
                  ) : null}
                  <div className="flex justify-between bg-white p-1">
                    <IconButton label={`${f.makeCover} (${f.photoAlt(i + 1)})`} disabled={i === 0} onClick={() => move(i, -i)}>
                      <Star aria-hidden="true" className="h-4 w-4" />
                    </IconButton>
                    <IconButton label={`${f.moveUp} (${f.photoAlt(i + 1)})`} disabled={i === 0} onClick={() => move(i, -1)}>
                      <ArrowUp aria-hidden="true" className="h-4 w-4" />
                    </IconButton>
                    <IconButton
                      label={`${f.moveDown} (${f.photoAlt(i + 1)})`}
                      disabled={i === photos.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown aria-hidden="true" className="h-4 w-4" />
                    </IconButton>
                    <IconButton
                      label={`${f.removePhoto} (${f.photoAlt(i + 1)})`}
                      onClick={() => syncImages(photos.filter((_, j) => j !== i))}
                    >
                      <X aria-hidden="true" className="h-4 w-4" />
                    </IconButton>
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-sm text-gray-700">{vehicle ? f.unlistedWithoutPhotos : f.photoRequired}</p>
          )}
        </fieldset>

        <div className="flex justify-end gap-3 border-t border-gray-200 pt-4">
          <Button onClick={onClose}>{m.common.cancel}</Button>
          <Button type="submit" variant="primary" disabled={(!vehicle && photos.length === 0) || isSubmitting || progress !== null}>
            {isSubmitting ? f.saving : f.save}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Keeps a stored value selectable even when it is not in the standard list. */
function withCurrent(options: readonly string[], current: string | undefined): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

/**
 * The visible "required" mark, beside the label rather than in it so the control's name stays
 * its label; screen readers get aria-required on the control instead.
 */
function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 font-semibold text-red-800">
      *
    </span>
  );
}

/** A labelled control with its error; required unless `optional` (docs/behaviour.md §5: only the description is optional). */
function Field({
  label,
  htmlFor,
  error,
  errorId,
  optional = false,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  errorId: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="text-sm font-medium">
        <label htmlFor={htmlFor}>{label}</label>
        {optional ? null : <RequiredMark />}
      </div>
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {message}
    </p>
  ) : null;
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
      className="rounded p-1.5 text-gray-800 hover:bg-gray-100 disabled:opacity-30"
    >
      {children}
    </button>
  );
}
