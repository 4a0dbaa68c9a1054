import { z } from "zod";
import type { EstimateMessages } from "~/shared/i18n/estimate-messages";
import { CREDIT_BANDS } from "~/shared/lib/deal-estimate";
import { optionalDollarsAndCents } from "./fields";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * The estimate's inputs as the vehicle page's form (a GET form: its query string) and
 * GET /api/vehicles/{id}/estimate send them. Every field is optional: what is left out takes the
 * page's default. The terms accepted are the ones the owner offers.
 */
export function estimateQuerySchema(m: EstimateMessages["errors"], termsMonths: readonly number[]) {
  return z.object({
    downPayment: optionalDollarsAndCents(m.money),
    tradeInValue: optionalDollarsAndCents(m.money),
    tradeInPayoff: optionalDollarsAndCents(m.money),
    creditBand: z.preprocess(blankToUndefined, z.enum(CREDIT_BANDS, { error: m.creditBand }).optional()),
    termMonths: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: m.termMonths })
        .refine((t) => termsMonths.includes(t), m.termMonths)
        .optional(),
    ),
  });
}

export { ESTIMATE_QUERY_FIELDS } from "~/shared/lib/estimate-query";
