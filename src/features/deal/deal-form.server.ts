import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import type { AppContext } from "~/server/context.server";
import { FormTooLargeError, formInput, readFormData, schemaFieldNames } from "~/server/http/form-post.server";
import { findListedVehicle } from "~/server/data/vehicles.server";
import { dealSheetMessagesFor } from "~/shared/i18n/deal-sheet-messages";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { localeFromPath, type Locale } from "~/shared/i18n/locales";
import { DEFAULT_DEAL_SETTINGS, type Estimate, type EstimateInput } from "~/shared/lib/deal-estimate";
import { ESTIMATE_QUERY_FIELDS } from "~/shared/validation/estimate-schema";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { DEAL_FORM_MAX_BYTES } from "./deal-sheet-api.server";
import { DEAL_HONEYPOT_FIELD, dealRequestSchema } from "./deal-schema";
import { submitDeal } from "./deal-sheet.server";
import { estimateForVehicle } from "./vehicle-estimate.server";

/** What the deal form's page shows: the vehicle, the estimate the shopper chose, and its inputs to post again. */
export type DealFormPage =
  | {
      kind: "form";
      vehicle: { id: string; name: string; path: string; photo: string | null };
      /** The estimate's inputs as the form carries them (hidden fields). */
      values: Record<(typeof ESTIMATE_QUERY_FIELDS)[number], string>;
      input: EstimateInput;
      estimate: Estimate | null;
      estimateErrors: Record<string, string>;
      salesTaxRate: number;
    }
  | { kind: "sold" }
  | { kind: "not-found" };

/**
 * /deal?vehicle={id}&downPayment=…: the "Send me this deal" page for one listed vehicle and the
 * estimate the shopper made on its page (the same service as the page's estimate).
 */
export async function dealFormPage(ctx: AppContext, query: URLSearchParams, locale: Locale): Promise<DealFormPage> {
  const id = query.get("vehicle") ?? "";
  const fields = Object.fromEntries(ESTIMATE_QUERY_FIELDS.map((f) => [f, query.get(f) ?? ""])) as Record<
    (typeof ESTIMATE_QUERY_FIELDS)[number],
    string
  >;
  const result = await estimateForVehicle(ctx, id, fields, locale);
  if (result.kind === "sold" || result.kind === "not-found") return result;
  const vehicle = (await findListedVehicle(ctx.db, id.toLowerCase()))!;
  const input = result.input;
  return {
    kind: "form",
    vehicle: {
      id: vehicle.id,
      name: [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" "),
      path: vehiclePath(vehicle),
      photo: vehicle.images[0] ?? null,
    },
    values:
      result.kind === "estimate"
        ? {
            downPayment: String(input.downPayment),
            tradeInValue: String(input.tradeInValue),
            tradeInPayoff: String(input.tradeInPayoff),
            creditBand: input.creditBand,
            termMonths: String(input.termMonths),
          }
        : fields,
    input,
    estimate: result.kind === "estimate" ? result.estimate : null,
    estimateErrors: result.kind === "invalid" ? result.fieldErrors : {},
    salesTaxRate: result.options.salesTaxRate,
  };
}

export type DealFormPostResult =
  | { kind: "sent"; url: string }
  | { kind: "invalid"; fieldErrors: Record<string, string>; values: Record<string, string> }
  | { kind: "sold" }
  | { kind: "not-found" }
  | { kind: "too-large" };

/** The deal form posted to its page (before JavaScript or after): the same schema and service as POST /api/deals. */
export async function dealFormPost(ctx: AppContext, request: Request, clientAddress: string | null = null): Promise<DealFormPostResult> {
  let formData: FormData;
  try {
    formData = await readFormData(request, { maxBytes: DEAL_FORM_MAX_BYTES });
  } catch (error) {
    if (error instanceof FormTooLargeError) return { kind: "too-large" };
    throw error;
  }
  const locale = localeFromPath(new URL(request.url).pathname);
  // Only the field names matter here; the service checks the terms against the owner's settings.
  const schema = dealRequestSchema(dealSheetMessagesFor(locale), estimateMessagesFor(locale), DEFAULT_DEAL_SETTINGS.termsMonths);
  const result = await submitDeal(
    ctx,
    formInput(formData, schema),
    locale,
    new Date(),
    leadSourceFromCookieHeader(request.headers.get("cookie")),
    clientAddress,
  );
  if (result.kind === "stored" || result.kind === "discarded-bot") return { kind: "sent", url: result.url };
  if (result.kind === "invalid") {
    const echoed = schemaFieldNames(schema).filter((name) => name !== DEAL_HONEYPOT_FIELD && name !== "textConsent");
    return {
      kind: "invalid",
      fieldErrors: result.fieldErrors,
      values: Object.fromEntries(echoed.map((n) => [n, String(formData.get(n) ?? "")])),
    };
  }
  return result;
}
