import { Pencil } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ApiError, staffJson, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import { SERVICE_TRANSLATION_LOCALES, type ServiceRecord } from "~/shared/types/service";
import { SERVICE_DESCRIPTION_MAX, SERVICE_NAME_MAX, serviceTextsSchema } from "./service-texts-schema";

const LANGUAGES = ["en", ...SERVICE_TRANSLATION_LOCALES] as const;
type FieldErrors = Partial<Record<string, string>>;
type Language = (typeof LANGUAGES)[number];

/** The form's field names: "name" / "description" for English, "translations.es.name" and so on. */
const fieldName = (language: Language, part: "name" | "description") => (language === "en" ? part : `translations.${language}.${part}`);

function textOf(service: ServiceRecord, language: Language, part: "name" | "description"): string {
  return (language === "en" ? service[part] : service.translations[language][part]) ?? "";
}

/** How many of a service's Spanish and Portuguese texts are missing (shown in English on those pages). */
function untranslatedCount(service: ServiceRecord): number {
  return SERVICE_TRANSLATION_LOCALES.flatMap((l) => [service.translations[l].name, service.translations[l].description]).filter((t) => !t)
    .length;
}

/**
 * The Services section (owner only): each service's name and description in English, Spanish and
 * Portuguese, as the booking page, the shopper's mails and calendar files show them (decision 068).
 */
export function ServicesTab() {
  const m = useStaffMessages().services;
  const common = useStaffMessages().staff.common;
  const { data, error, reload } = useStaffData<ServiceRecord[]>("/api/admin/services");
  const [editing, setEditing] = useState<string | null>(null);
  const editButtons = useRef<Record<string, HTMLButtonElement | null>>({});
  const returnFocusTo = useRef<string | null>(null);

  function close(id: string) {
    returnFocusTo.current = id;
    setEditing(null);
  }

  // Focus returns to the button that opened the form (WCAG 2.4.3), once the render that brings the
  // button back is committed: a frame callback could run before that render and find no button.
  useEffect(() => {
    const id = returnFocusTo.current;
    if (editing !== null || id === null) return;
    returnFocusTo.current = null;
    editButtons.current[id]?.focus();
  }, [editing, data]);

  if (error) return <LoadFailed onRetry={reload} />;
  if (data === null) return <p className="text-gray-700">{common.loading}</p>;
  return (
    <div>
      <h2 className="text-xl font-bold">{m.heading}</h2>
      <p className="mt-1 max-w-3xl text-sm text-gray-700">{m.intro}</p>
      <ul className="mt-6 space-y-4">
        {data.map((service) => {
          const missing = untranslatedCount(service);
          return (
            <li key={service.id} className="rounded-lg border border-gray-200 bg-white p-4" data-testid="service-row">
              {editing === service.id ? (
                <ServiceTextsForm
                  service={service}
                  onDone={async (saved) => {
                    if (saved) await reload();
                    close(service.id);
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 className="font-semibold text-gray-900">{service.name}</h3>
                    <p className="text-sm text-gray-700">
                      <span lang="es">{service.translations.es.name ?? m.missing}</span> ·{" "}
                      <span lang="pt">{service.translations.pt.name ?? m.missing}</span>
                    </p>
                    {missing > 0 ? <p className="mt-1 text-sm font-medium text-amber-900">{m.untranslated(missing)}</p> : null}
                  </div>
                  <button
                    type="button"
                    ref={(el) => {
                      editButtons.current[service.id] = el;
                    }}
                    onClick={() => setEditing(service.id)}
                    aria-label={m.edit(service.name)}
                    className="inline-flex items-center gap-2 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    {m.editShort}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One service's texts in the three languages; validated by the same schema as the API. */
function ServiceTextsForm({ service, onDone }: { service: ServiceRecord; onDone: (saved: boolean) => void | Promise<void> }) {
  const m = useStaffMessages().services;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirstError(found: FieldErrors) {
    const first = Object.keys(found)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (language: Language, part: "name" | "description") => String(form.get(fieldName(language, part)) ?? "");
    const body = {
      name: value("en", "name"),
      description: value("en", "description"),
      translations: Object.fromEntries(
        SERVICE_TRANSLATION_LOCALES.map((l) => [l, { name: value(l, "name"), description: value(l, "description") }]),
      ),
    };
    const parsed = serviceTextsSchema(m.validation).safeParse(body);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setSaving(true);
    try {
      await staffJson<ServiceRecord>(`/api/admin/services/${service.id}`, { method: "PUT", body: parsed.data });
      toast({ title: m.saved(parsed.data.name) });
      await onDone(true);
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? serverFieldErrors(err) : null;
      if (fieldErrors) {
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      }
      toast({ title: m.saveFailed, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`service-form-${service.id}`}>
      <h3 id={`service-form-${service.id}`} className="font-semibold text-gray-900">
        {m.edit(service.name)}
      </h3>
      <div className="mt-3 grid gap-4 lg:grid-cols-3">
        {LANGUAGES.map((language) => (
          <fieldset key={language} className="rounded-md border border-gray-200 p-3">
            <legend className="px-1 text-sm font-semibold text-gray-900">{m.languages[language]}</legend>
            <TextInput
              id={`service-${service.id}-${language}-name`}
              name={fieldName(language, "name")}
              label={m.name}
              lang={language}
              required={language === "en"}
              maxLength={SERVICE_NAME_MAX}
              defaultValue={textOf(service, language, "name")}
              error={errors[fieldName(language, "name")]}
            />
            <TextInput
              multiline
              id={`service-${service.id}-${language}-description`}
              name={fieldName(language, "description")}
              label={m.description}
              lang={language}
              required={language === "en"}
              maxLength={SERVICE_DESCRIPTION_MAX}
              defaultValue={textOf(service, language, "description")}
              error={errors[fieldName(language, "description")]}
            />
          </fieldset>
        ))}
      </div>
      <div className="mt-4 flex gap-3">
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {saving ? m.saving : m.save}
        </button>
        <button
          type="button"
          onClick={() => void onDone(false)}
          className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50"
        >
          {m.cancel}
        </button>
      </div>
    </form>
  );
}

/** The field messages of a 400 answer ("400: {…}"), or null. */
function serverFieldErrors(err: ApiError): FieldErrors | null {
  if (err.status !== 400) return null;
  try {
    const body = JSON.parse(err.message.slice(err.message.indexOf(":") + 1)) as { fieldErrors?: FieldErrors };
    return body.fieldErrors ?? null;
  } catch {
    return null;
  }
}

/**
 * A labelled input or textarea with its message under it. The dashboard's own, not the public
 * forms' form-field.tsx: sharing that module with the dashboard split it into a chunk of its own and
 * added a request and bytes to the public pages' first load (decision 016).
 */
function TextInput({
  id,
  label,
  error,
  required,
  multiline,
  ...control
}: {
  id: string;
  name: string;
  label: string;
  lang: string;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  maxLength: number;
  defaultValue: string;
}) {
  const props = {
    id,
    ...control,
    required,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-gray-900 ${error ? "border-red-700" : "border-gray-500"}`,
  };
  return (
    <div className="mt-3 first-of-type:mt-0">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
