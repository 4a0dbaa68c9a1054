import { z } from "zod";
import type { DealSheetMessages } from "~/shared/i18n/deal-sheet-messages";
import type { EstimateMessages } from "~/shared/i18n/estimate-messages";
import { estimateQuerySchema } from "~/shared/validation/estimate-schema";
import { emailField, moneyField, phoneField, requiredText, uuidField } from "~/shared/validation/fields";

/** Name of the form's honeypot field: hidden from people, filled in by naive bots. */
export const DEAL_HONEYPOT_FIELD = "website";

/**
 * "Send me this deal", shared by the vehicle's deal form and POST /api/deals (decision 070): the
 * estimate's inputs (the same rules and messages as the estimate, the terms the owner offers), the
 * shopper's name, e-mail and phone, and their optional consent to calls and texts, with the messages
 * of the shopper's language.
 */
export function dealRequestSchema(m: DealSheetMessages, estimate: EstimateMessages, termsMonths: readonly number[]) {
  const e = m.errors;
  return estimateQuerySchema(estimate.errors, termsMonths).extend({
    vehicleId: uuidField(e.vehicleId).transform((id) => id.toLowerCase()),
    firstName: requiredText(e.firstName).pipe(z.string().max(100, e.firstName)),
    lastName: requiredText(e.lastName).pipe(z.string().max(100, e.lastName)),
    email: emailField(e.email).pipe(z.string().max(254, e.email)),
    phone: phoneField(e.phone).pipe(z.string().max(40, e.phone)),
    // The optional consent to calls and texts (decision 094): ticked or not, the sheet is sent.
    textConsent: z.preprocess((value) => value === true || value === "true" || value === "on", z.boolean()).default(false),
    [DEAL_HONEYPOT_FIELD]: z.string().max(500).optional(),
  });
}

export type DealRequest = z.output<ReturnType<typeof dealRequestSchema>>;

/** The numbers staff may change when revising a sheet (English, like the whole dashboard). */
export function dealRevisionSchema(termsMonths: readonly number[]) {
  const money = (label: string) => moneyField(`${label} must be an amount in dollars, 0 to $10,000,000, in whole cents.`);
  return z.object({
    price: money("The price").optional(),
    downPayment: money("The down payment"),
    tradeInValue: money("The trade-in value"),
    tradeInPayoff: money("The trade-in payoff"),
    creditBand: z.enum(["excellent", "good", "fair", "rebuilding"], { error: "Choose excellent, good, fair or rebuilding." }),
    termMonths: z
      .number({ error: `The term must be one of ${termsMonths.join(", ")} months.` })
      .refine((t) => termsMonths.includes(t), `The term must be one of ${termsMonths.join(", ")} months.`),
  });
}

export type DealRevisionInput = z.output<ReturnType<typeof dealRevisionSchema>>;
