import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { FormTooLargeError, formInput, readFormData } from "~/server/http/form-post.server";
import { alertsMessagesFor } from "~/shared/i18n/alerts-messages";
import { localeFromPath } from "~/shared/i18n/locales";
import { readSaved } from "~/shared/lib/saved-on-device";
import { ALERT_HONEYPOT_FIELD, type AlertsPostResult } from "./alert-fields";
import { alertFormSchema } from "./alert-schema";
import { ALERTS_FORM_MAX_BYTES } from "./alerts-api.server";
import { alertOwnerFromCookieHeader, requestAlerts } from "./alert-subscriptions.server";

/**
 * The alerts form posted to /alerts (any language), with or without JavaScript: the address from the
 * form, what to follow from this device's saved list, the same service as POST /api/alerts.
 */
export async function alertsFormPost(ctx: AppContext, request: Request): Promise<AlertsPostResult> {
  let form: FormData;
  try {
    form = await readFormData(request, { maxBytes: ALERTS_FORM_MAX_BYTES });
  } catch (error) {
    if (error instanceof FormTooLargeError) return { kind: "too-large" };
    throw error;
  }
  const locale = localeFromPath(new URL(request.url).pathname);
  const schema = alertFormSchema(alertsMessagesFor(locale));
  const parsed = schema.safeParse(formInput(form, schema));
  if (!parsed.success)
    return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error), values: { email: String(form.get("email") ?? "").slice(0, 254) } };
  const { email } = parsed.data;
  // A bot filled the honeypot: it gets the answer everyone gets, and nothing is stored or mailed.
  if (parsed.data[ALERT_HONEYPOT_FIELD]) return { kind: "accepted", email, addedAtOnce: false };
  const cookie = request.headers.get("cookie");
  const saved = readSaved(cookie);
  const result = await requestAlerts(
    ctx,
    { email, locale, targets: { vehicles: saved.vehicles, searches: saved.searches } },
    alertOwnerFromCookieHeader(ctx, cookie),
  );
  return result.kind === "accepted" ? { kind: "accepted", email, addedAtOnce: result.addedAtOnce } : result;
}
