import { Camera, X } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { useTradeInMessages } from "~/shared/i18n/trade-in-messages";
import { CheckboxField, SelectField, TextField } from "~/shared/ui/form-field";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import { useFormPost, useZodForm } from "~/shared/ui/use-zod-form";
import type { TradeInPostResult } from "./trade-in-fields";
import type { TradeInFormValues } from "./trade-in-schema";

/** zod loads on the first focus or submit, not with the page (decision 016). */
const loadSchema = () => import("./trade-in-schema").then((module) => module.tradeInSchema);

/** At most this many photos (the schema says the same; this file must not import it eagerly). */
const MAX_PHOTOS = 10;

/** A chosen photo: the resized copy that is sent, and its preview. */
type Photo = { name: string; file: File; dataUrl: string };

type TradeInFormProps = {
  /** The page route whose action takes the form, with or without JavaScript. */
  action: string;
  /** That action's answer, when the page is the result of a post made without JavaScript. */
  posted?: TradeInPostResult;
  /**
   * Resizes one photo in the browser before it is sent: the vehicle photo pipeline, handed in by
   * the page (one feature never imports another).
   */
  resizePhoto: (file: Blob) => Promise<Blob>;
  /** The optional consent to calls and texts, in the page's language (the route's loader writes it; decision 094). */
  consent: { label: string; hint: string };
};

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(blob);
  });

/** A resized photo as a file part, named after what was chosen, with the extension of what it now is. */
const asFile = (blob: Blob, chosen: File) =>
  new File(
    [blob],
    chosen.name.replace(/\.[^.]*$/, "") + (blob.type === "image/webp" ? ".webp" : blob.type === "image/png" ? ".png" : ".jpg"),
    {
      type: blob.type || chosen.type,
    },
  );

/**
 * The trade-in appraisal form (decision 067). It always posts multipart/form-data to the page's
 * route action, which checks the shared schema and calls the same service as POST /api/trade-ins
 * (decision 062). Without JavaScript the chosen files go as they are. With it the form first checks
 * the schema, resizes each photo in the browser, and React Router posts the same form with the
 * resized copies in its (hidden) photos input; the answer is the action's, the page stays. fetch
 * reports no upload progress, so the sending state is an indeterminate bar.
 */
export function TradeInForm({ action, posted, resizePhoto, consent }: TradeInFormProps) {
  const m = useTradeInMessages();
  const id = useId();
  const [notice, setNotice] = useState(posted);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [preparing, setPreparing] = useState<{ done: number; total: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sentPhotos = useRef<HTMLInputElement>(null);
  const echoed = notice?.kind === "invalid" ? notice.values : undefined;
  const post = useFormPost<TradeInPostResult>((result) => {
    setNotice(result);
    if (result.kind === "sent") {
      setPhotos([]);
      reset();
      window.scrollTo({ top: 0, behavior: "smooth" });
      return;
    }
    if (result.kind === "invalid") setFieldErrors(result.fieldErrors, true);
  });
  const { formProps, register, control, errors, isSubmitting, reset, setFieldErrors } = useZodForm<TradeInFormValues>({
    schema: () => loadSchema().then((schema) => schema(m)),
    initialErrors: posted?.kind === "invalid" ? posted.fieldErrors : undefined,
    onValid: (): Promise<void> => {
      setNotice(undefined);
      // The resized copies ride in the hidden file input, so the post is the form itself, as
      // without JavaScript (the visible input is emptied after each choice).
      const files = new DataTransfer();
      for (const photo of photos) files.items.add(photo.file);
      sentPhotos.current!.files = files.files;
      return post(formProps.ref.current!);
    },
  });
  const photosControl = control("photos");

  async function addPhotos(files: FileList | null) {
    if (!files?.length) return;
    const chosen = [...files].slice(0, MAX_PHOTOS - photos.length);
    setPreparing({ done: 0, total: chosen.length });
    const added: Photo[] = [];
    for (const [i, file] of chosen.entries()) {
      let sent: File = file;
      try {
        sent = asFile(await resizePhoto(file), file);
      } catch {
        // A file the browser cannot decode: sent as it is, the server says whether it is an image.
      }
      added.push({ name: file.name, file: sent, dataUrl: await readAsDataUrl(sent) });
      setPreparing({ done: i + 1, total: chosen.length });
    }
    setPreparing(null);
    const next = [...photos, ...added];
    setPhotos(next);
    photosControl.onChange(next.map((p) => p.dataUrl));
    if (fileInput.current) fileInput.current.value = "";
  }

  function removePhoto(index: number) {
    const next = photos.filter((_, i) => i !== index);
    setPhotos(next);
    photosControl.onChange(next.map((p) => p.dataUrl));
  }

  const text = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <TextField id={`${id}-${name}`} label={label} error={errors[name]} {...register(name)} defaultValue={echoed?.[name]} {...props} />
  );
  const photoError = errors.photos ?? Object.entries(errors).find(([name]) => name.startsWith("photos."))?.[1];
  const busy = isSubmitting || preparing !== null;

  return (
    <form {...formProps} method="post" action={action} encType="multipart/form-data" className="space-y-8">
      {notice ? <PostedNotice result={notice} /> : null}
      <Section title={m.sections.vehicle}>
        {text("vin", m.labels.vin, {
          hint: m.hints.vin,
          autoComplete: "off",
          autoCapitalize: "characters",
          maxLength: 17,
          spellCheck: false,
        })}
        <div className="grid gap-4 sm:grid-cols-3">
          {text("year", m.labels.year, { inputMode: "numeric" })}
          {text("make", m.labels.make)}
          {text("model", m.labels.model)}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {text("trim", m.labels.trim)}
          {text("mileage", m.labels.mileage, { inputMode: "numeric", required: true })}
          {text("zip", m.labels.zip, { inputMode: "numeric", autoComplete: "postal-code", required: true })}
        </div>
      </Section>
      <Section title={m.sections.condition}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("condition.accidents", m.labels.accidents, { inputMode: "numeric", hint: m.hints.accidents, required: true })}
          {text("condition.keys", m.labels.keys, { inputMode: "numeric", required: true })}
          <SelectField
            id={`${id}-tires`}
            label={m.labels.tires}
            error={errors["condition.tires"]}
            required
            {...register("condition.tires")}
            defaultValue={echoed?.["condition.tires"] ?? ""}
            placeholder="—"
            options={(["good", "fair", "poor"] as const).map((value) => ({ value, label: m.tires[value] }))}
          />
          <SelectField
            id={`${id}-title`}
            label={m.labels.titleStatus}
            error={errors["condition.titleStatus"]}
            required
            {...register("condition.titleStatus")}
            defaultValue={echoed?.["condition.titleStatus"] ?? ""}
            placeholder="—"
            options={(["clean", "salvage", "rebuilt"] as const).map((value) => ({ value, label: m.titleStatus[value] }))}
          />
        </div>
        <CheckboxField
          id={`${id}-lights`}
          label={m.labels.warningLights}
          {...register("condition.warningLights")}
          value="true"
          defaultChecked={echoed?.["condition.warningLights"] === "true"}
        />
        <CheckboxField
          id={`${id}-smoked`}
          label={m.labels.smokedIn}
          {...register("condition.smokedIn")}
          value="true"
          defaultChecked={echoed?.["condition.smokedIn"] === "true"}
        />
      </Section>
      <Section title={m.sections.loan}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("payoff", m.labels.payoff, { inputMode: "numeric" })}
          {text("lender", m.labels.lender)}
        </div>
      </Section>
      <Section title={m.sections.photos}>
        <div>
          <label htmlFor={`${id}-photos`} className="block font-medium text-gray-900">
            {m.labels.photos}
          </label>
          <p id={`${id}-photos-hint`} className="mt-1 text-sm text-gray-700">
            {m.hints.photos}
          </p>
          {/* Without JavaScript the chosen files go with the form; with it, the resized copies go in the hidden input below. */}
          <input
            ref={(element) => {
              fileInput.current = element;
              photosControl.ref(element);
            }}
            id={`${id}-photos`}
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            disabled={busy || photos.length >= MAX_PHOTOS}
            aria-describedby={`${id}-photos-hint${photoError ? ` ${id}-photos-error` : ""}`}
            aria-invalid={photoError ? true : undefined}
            onChange={(e) => void addPhotos(e.currentTarget.files)}
            className="mt-2 block w-full text-base text-gray-900 file:mr-3 file:inline-flex file:items-center file:rounded-md file:border-0 file:bg-gray-900 file:px-4 file:py-2 file:font-semibold file:text-white"
          />
          <input ref={sentPhotos} type="file" name="photos" multiple hidden tabIndex={-1} />
          {photoError ? (
            <p id={`${id}-photos-error`} className="mt-1 text-sm font-medium text-red-800">
              {photoError}
            </p>
          ) : null}
          {preparing ? (
            <div className="mt-3" role="status">
              <p className="text-sm text-gray-800">{m.preparing(preparing.done, preparing.total)}</p>
              <progress
                max={preparing.total}
                value={preparing.done}
                aria-label={m.uploadProgress}
                className="mt-1 h-2 w-full accent-red-700"
              />
            </div>
          ) : null}
          {photos.length ? (
            <>
              <p className="mt-3 text-sm text-gray-800">{m.photoCount(photos.length)}</p>
              <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
                {photos.map((photo, i) => (
                  <li key={`${photo.name}-${i}`} className="relative">
                    <img src={photo.dataUrl} alt="" className="aspect-square w-full rounded-md object-cover" />
                    <button
                      type="button"
                      onClick={() => removePhoto(i)}
                      aria-label={m.removePhoto(i + 1)}
                      className="absolute top-1 right-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white"
                    >
                      <X aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <Camera aria-hidden="true" className="mt-3 h-8 w-8 text-gray-500" />
          )}
        </div>
      </Section>
      <Section title={m.sections.contact}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("firstName", m.labels.firstName, { autoComplete: "given-name", required: true })}
          {text("lastName", m.labels.lastName, { autoComplete: "family-name", required: true })}
          {text("email", m.labels.email, { type: "email", autoComplete: "email", required: true })}
          {text("phone", m.labels.phone, { type: "tel", autoComplete: "tel", required: true })}
        </div>
        {/* Optional, and never a condition of the offer (decision 094). */}
        <CheckboxField
          id={`${id}-text-consent`}
          label={consent.label}
          error={errors.textConsent}
          {...register("textConsent")}
          value="true"
          defaultChecked={echoed?.textConsent === "true"}
        />
        <p className="text-sm text-gray-700">{consent.hint}</p>
        {/* Honeypot: off-screen and out of the tab order; people never fill it, naive bots do. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-hp`}>{m.labels.honeypot}</label>
          <input id={`${id}-hp`} type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
        </div>
        <PrivacyNotice />
      </Section>
      {isSubmitting ? (
        <div role="status">
          <p className="text-sm text-gray-800">{m.uploading}</p>
          {/* fetch reports no upload progress: a bar that says "sending", not how far. */}
          <progress aria-label={m.uploadProgress} className="mt-1 h-2 w-full accent-red-700" />
        </div>
      ) : null}
      <button type="submit" disabled={busy} className="button-primary button-lg w-full sm:w-auto">
        {isSubmitting ? m.sending : m.submit}
      </button>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-gray-200 p-4 sm:p-6">
      <legend className="px-1 text-xl font-bold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The route action's outcome: sent, or what to fix; or no answer at all (offline, a refusal). */
function PostedNotice({ result }: { result: TradeInPostResult }) {
  const m = useTradeInMessages();
  if (result.kind === "sent") {
    return (
      <div role="status" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900">
        <p className="font-semibold">{m.sent.title}</p>
        <p className="mt-1 text-sm">{m.sent.text}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-sm font-medium text-red-900">
      {result.kind === "failed"
        ? result.error || m.posted.failed
        : result.kind === "too-large"
          ? m.posted.tooLarge
          : result.kind === "invalid" && Object.keys(result.fieldErrors).length
            ? m.posted.fixFields
            : m.posted.failed}
    </div>
  );
}
