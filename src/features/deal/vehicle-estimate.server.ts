import type { AppContext } from "~/server/context.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import { findListedVehicle, findVehicle } from "~/server/data/vehicles.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { computeEstimate, defaultEstimateInput, type DealSettings, type Estimate, type EstimateInput } from "~/shared/lib/deal-estimate";
import { estimateQuerySchema } from "~/shared/validation/estimate-schema";
import { uuidField } from "~/shared/validation/fields";

const vehicleId = uuidField();

/** What the page's form needs besides the numbers: the choices the owner offers and the tax rate to name. */
export type EstimateOptions = Pick<DealSettings, "termsMonths" | "salesTaxRate" | "aprByBand">;

export type VehicleEstimateResult =
  | { kind: "estimate"; input: EstimateInput; estimate: Estimate; options: EstimateOptions }
  | { kind: "invalid"; fieldErrors: Record<string, string>; input: EstimateInput; options: EstimateOptions }
  | { kind: "sold" }
  | { kind: "not-found" };

/**
 * The out-the-door estimate of a listed vehicle for the shopper's inputs (a query string's fields;
 * what is left out takes the page's default), with field messages in `locale` when they are wrong.
 * Called by GET /api/vehicles/{id}/estimate and the vehicle page's loader. The cash price is the
 * stored one: the documentation fee is its own line, whatever the advertised price shows.
 */
export async function estimateForVehicle(ctx: AppContext, id: string, query: Record<string, unknown>, locale: string): Promise<VehicleEstimateResult> {
  if (!vehicleId.safeParse(id).success) return { kind: "not-found" };
  const key = id.toLowerCase();
  const vehicle = await findListedVehicle(ctx.db, key);
  if (!vehicle) return (await findVehicle(ctx.db, key))?.status === "sold" ? { kind: "sold" } : { kind: "not-found" };
  const { settings } = await readDealSettings(ctx.db);
  const options: EstimateOptions = { termsMonths: settings.termsMonths, salesTaxRate: settings.salesTaxRate, aprByBand: settings.aprByBand };
  const defaults = defaultEstimateInput(vehicle.price, settings);
  const parsed = estimateQuerySchema(estimateMessagesFor(locale).errors, settings.termsMonths).safeParse(query);
  if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error), input: defaults, options };
  const input: EstimateInput = {
    downPayment: parsed.data.downPayment ?? defaults.downPayment,
    tradeInValue: parsed.data.tradeInValue ?? defaults.tradeInValue,
    tradeInPayoff: parsed.data.tradeInPayoff ?? defaults.tradeInPayoff,
    creditBand: parsed.data.creditBand ?? defaults.creditBand,
    termMonths: parsed.data.termMonths ?? defaults.termMonths,
  };
  return { kind: "estimate", input, estimate: computeEstimate(vehicle.price, input, settings), options };
}
