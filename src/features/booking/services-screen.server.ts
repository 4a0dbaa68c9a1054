import { isDataRequest, formFields, staffFormFailure, staffFormSuccess } from "~/server/http/staff-form.server";
import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import type { Staff } from "~/server/http/staff-request.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { SERVICE_TRANSLATION_LOCALES, type ServiceRecord } from "~/shared/types/service";
import { uuidField } from "~/shared/validation/fields";
import { saveServiceTexts, staffServices } from "./booking-services-staff.server";
import { serviceEditAnchor, serviceFieldName, serviceFormKey } from "./services-screen-form";
import { serviceTextsSchema } from "./service-texts-schema";

/**
 * The Services screen (owner; docs/behaviour.md §2 Staff app, decision 068): each service's name and
 * description in English, Spanish and Portuguese. The service being edited is in the address
 * (`?edit={id}`), so the editor opens without JavaScript and survives a reload; a save goes through
 * PUT /api/admin/services/:id's schema and use case (audited).
 */

export type ServicesScreenData = { services: ServiceRecord[]; editing: string | null };

export async function servicesScreen(ctx: AppContext, url: URL): Promise<ServicesScreenData> {
  const services = await staffServices(ctx);
  const edit = url.searchParams.get("edit");
  return { services, editing: services.some((s) => s.id === edit) ? edit : null };
}

/**
 * Saves one service's texts. After a post without JavaScript the list comes back with the editor
 * closed (the toast in the flash); with JavaScript the answer is the toast and the page closes it.
 */
export async function servicesScreenAction(ctx: AppContext, request: Request, staff: Staff, form: FormData) {
  const m = staffMessagesFor().services;
  const fields = formFields(form);
  const id = fields.id ?? "";
  if (fields.intent !== "save" || !uuidField().safeParse(id).success) return staffFormFailure(404, "Not found");
  const key = serviceFormKey(id);
  const text = (language: "en" | "es" | "pt", part: "name" | "description") => fields[serviceFieldName(language, part)] ?? "";
  // The JSON API's body, from the form's fields ("translations.es.name" and so on).
  const body = {
    name: text("en", "name"),
    description: text("en", "description"),
    translations: Object.fromEntries(
      SERVICE_TRANSLATION_LOCALES.map((l) => [l, { name: text(l, "name"), description: text(l, "description") }]),
    ),
  };
  const parsed = serviceTextsSchema(m.validation).safeParse(body);
  if (!parsed.success)
    return staffFormFailure(400, m.validation.fixFields, { intent: key, fieldErrors: fieldErrorsOf(parsed.error), input: fields });
  const saved = await saveServiceTexts(ctx, staff, id, parsed.data);
  if (!saved) return staffFormFailure(404, "Not found", { intent: key });
  return staffFormSuccess(ctx, request, {
    intent: key,
    toast: m.saved(saved.name),
    redirectTo: isDataRequest(request) ? undefined : `/podium/services#${serviceEditAnchor(id)}`,
  });
}
