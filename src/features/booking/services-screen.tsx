import { Pencil } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { SERVICE_TRANSLATION_LOCALES, type ServiceRecord } from "~/shared/types/service";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { FormError, TextAreaField, TextField } from "~/shared/ui/staff/staff-field";
import { StaffForm, useStaffForm } from "~/shared/ui/staff/staff-form";
import { serviceEditAnchor, serviceFieldName, serviceFormKey, type ServiceTextLanguage } from "./services-screen-form";
import type { ServicesScreenData } from "./services-screen.server";
import { SERVICE_DESCRIPTION_MAX, SERVICE_NAME_MAX } from "./service-texts-schema";

const LANGUAGES = ["en", ...SERVICE_TRANSLATION_LOCALES] as const;

const textOf = (service: ServiceRecord, language: ServiceTextLanguage, part: "name" | "description") =>
  (language === "en" ? service[part] : service.translations[language][part]) ?? "";

/** How many of a service's Spanish and Portuguese texts are missing (shown in English on those pages). */
function untranslatedCount(service: ServiceRecord): number {
  return SERVICE_TRANSLATION_LOCALES.flatMap((l) => [service.translations[l].name, service.translations[l].description]).filter((t) => !t)
    .length;
}

/** Where focus goes back to when an editor closes: the Edit link of that service. */
type ServicesLocationState = { focusEdit?: string } | null;

/**
 * /podium/services (owner; docs/behaviour.md §2 Staff app): each service's name and description in
 * English, Spanish and Portuguese, as the booking page, the shopper's mails and calendar files show
 * them (decision 068). Edit opens the service's form in place (`?edit={id}`, a link: it works without
 * JavaScript); closing it returns focus to its Edit link (WCAG 2.4.3).
 */
export function ServicesScreen({ data }: { data: ServicesScreenData }) {
  const messages = useStaffMessages();
  const m = messages.services;
  const location = useLocation();
  const focusEdit =
    (location.state as ServicesLocationState)?.focusEdit ?? (location.hash.startsWith("#edit-") ? location.hash.slice(6) : null);
  useEffect(() => {
    if (data.editing === null && focusEdit) document.getElementById(serviceEditAnchor(focusEdit))?.focus();
  }, [data.editing, focusEdit, location.key]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{messages.staff.shell.screens.services}</h1>
      <p className="max-w-3xl text-sm text-gray-700">{m.intro}</p>
      <ul className="space-y-4">
        {data.services.map((service) => {
          const missing = untranslatedCount(service);
          return (
            <li key={service.id} className="rounded-lg border border-gray-200 bg-white p-4" data-testid="service-row">
              {data.editing === service.id ? (
                <ServiceTextsForm service={service} />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 className="font-semibold text-gray-900">{service.name}</h2>
                    <p className="text-sm text-gray-700">
                      <span lang="es">{service.translations.es.name ?? m.missing}</span> ·{" "}
                      <span lang="pt">{service.translations.pt.name ?? m.missing}</span>
                    </p>
                    {missing > 0 ? <p className="mt-1 text-sm font-medium text-amber-900">{m.untranslated(missing)}</p> : null}
                  </div>
                  <Link
                    id={serviceEditAnchor(service.id)}
                    to={`?edit=${service.id}`}
                    preventScrollReset
                    aria-label={m.edit(service.name)}
                    className={buttonClass("secondary", "sm", "min-h-11")}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    {m.editShort}
                  </Link>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One service's texts in the three languages, checked on the server by the same schema as the API. */
function ServiceTextsForm({ service }: { service: ServiceRecord }) {
  const m = useStaffMessages().services;
  const navigate = useNavigate();
  const close = { focusEdit: service.id } satisfies ServicesLocationState;
  // Saved with JavaScript: the toast says so, the editor closes and focus returns to its Edit link.
  const form = useStaffForm(serviceFormKey(service.id), {
    resetOnSuccess: false,
    onSuccess: () => void navigate("/podium/services", { replace: true, preventScrollReset: true, state: close }),
  });
  const headingId = `service-form-${service.id}`;
  return (
    <StaffForm form={form} noValidate preventScrollReset aria-labelledby={headingId}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={service.id} />
      <h2 id={headingId} className="font-semibold text-gray-900">
        {m.edit(service.name)}
      </h2>
      <div className="mt-3 grid gap-4 lg:grid-cols-3">
        {LANGUAGES.map((language) => {
          const name = serviceFieldName(language, "name");
          const description = serviceFieldName(language, "description");
          return (
            <fieldset key={language} className="space-y-3 rounded-md border border-gray-200 p-3">
              <legend className="px-1 text-sm font-semibold text-gray-900">{m.languages[language]}</legend>
              <TextField
                name={name}
                label={
                  <>
                    {m.name}
                    {language === "en" ? <span aria-hidden="true"> *</span> : null}
                  </>
                }
                lang={language}
                required={language === "en"}
                maxLength={SERVICE_NAME_MAX}
                defaultValue={form.values[name] ?? textOf(service, language, "name")}
                error={form.errors[name]}
              />
              <TextAreaField
                name={description}
                label={
                  <>
                    {m.description}
                    {language === "en" ? <span aria-hidden="true"> *</span> : null}
                  </>
                }
                rows={3}
                lang={language}
                required={language === "en"}
                maxLength={SERVICE_DESCRIPTION_MAX}
                defaultValue={form.values[description] ?? textOf(service, language, "description")}
                error={form.errors[description]}
              />
            </fieldset>
          );
        })}
      </div>
      <FormError>{form.error}</FormError>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" variant="primary" disabled={form.busy} className="min-h-11">
          {form.busy ? m.saving : m.save}
        </Button>
        <Link to="/podium/services" state={close} preventScrollReset className={buttonClass("secondary", "md", "min-h-11")}>
          {m.cancel}
        </Link>
      </div>
    </StaffForm>
  );
}
