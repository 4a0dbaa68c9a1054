import type { AppContext } from "~/server/context.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import { findListedVehicle, findVehicle } from "~/server/data/vehicles.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { computeEstimate, defaultEstimateInput, type DealSettings, type Estimate, type EstimateInput } from "~/shared/lib/deal-estimate";
import { estimateQuerySchema } from "~/shared/validation/estimate-schema";
import { uuidField } from "~/shared/validation/fields";

const vehicleId = uuidField();

/**
 * What the page's form needs besides the numbers: the choices the owner offers, the tax rate to name
 * and the documentation fee the advertised price includes (never the rates: an unpublished rate
 * stays on the server, decision 092).
 */
export type EstimateOptions = Pick<DealSettings, "termsMonths" | "salesTaxRate" | "docFee">;

export type VehicleEstimateResult =
  | { kind: "estimate"; input: EstimateInput; estimate: Estimate; options: EstimateOptions }
  | { kind: "invalid"; fieldErrors: Record<string, string>; input: EstimateInput; options: EstimateOptions }
  | { kind: "sold" }
  | { kind: "not-found" };

/**
 * The out-the-door estimate of a listed vehicle for the shopper's inputs (a query string's fields:
 * an amount left out or blank is $0, the credit band "good", the term 60 months or the owner's
 * middle one), with field messages in `locale` when they are wrong. A null query is the page before
 * the shopper asked anything: its starting values (10 % down, no trade).
 * Called by GET /api/vehicles/{id}/estimate and the vehicle page's loader. The cash price is the
 * stored one: the documentation fee is its own line, whatever the advertised price shows.
 */
export async function estimateForVehicle(
  ctx: AppContext,
  id: string,
  query: Record<string, unknown> | null,
  locale: string,
): Promise<VehicleEstimateResult> {
  if (!vehicleId.safeParse(id).success) return { kind: "not-found" };
  const key = id.toLowerCase();
  const vehicle = await findListedVehicle(ctx.db, key);
  if (!vehicle) return (await findVehicle(ctx.db, key))?.status === "sold" ? { kind: "sold" } : { kind: "not-found" };
  const { settings } = await readDealSettings(ctx.db);
  const options: EstimateOptions = {
    termsMonths: settings.termsMonths,
    salesTaxRate: settings.salesTaxRate,
    docFee: settings.docFee,
  };
  const defaults = defaultEstimateInput(vehicle.price, settings);
  const parsed = query === null ? null : estimateQuerySchema(estimateMessagesFor(locale).errors, settings.termsMonths).safeParse(query);
  if (parsed && !parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error), input: defaults, options };
  const input: EstimateInput = parsed
    ? {
        downPayment: parsed.data.downPayment ?? 0,
        tradeInValue: parsed.data.tradeInValue ?? 0,
        tradeInPayoff: parsed.data.tradeInPayoff ?? 0,
        creditBand: parsed.data.creditBand ?? defaults.creditBand,
        termMonths: parsed.data.termMonths ?? defaults.termMonths,
      }
    : defaults;
  return { kind: "estimate", input, estimate: computeEstimate(vehicle.price, input, settings), options };
}
