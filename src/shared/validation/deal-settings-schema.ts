import { z } from "zod";
import { CREDIT_BANDS, DEFAULT_DEAL_SETTINGS, MA_MAX_APR, RATES_SOURCES, type DealSettings } from "~/shared/lib/deal-estimate";
import { isOneLine } from "./fields";

const cents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** Dollars and cents, 0 up to `max`. */
const dollars = (label: string, max: number) =>
  z
    .number({ error: `${label} must be an amount in dollars.` })
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} must be at most $${max.toLocaleString("en-US")}.`)
    .refine(cents, `${label} must be in whole cents.`);

const apr = (band: string) =>
  z
    .number({ error: `The ${band} APR must be a percentage, e.g. 7.9.` })
    .min(0, `The ${band} APR cannot be negative.`)
    // M.G.L. c. 255B §14: a Massachusetts retail instalment contract's APR is at most 21 % (decision 092).
    .max(MA_MAX_APR, `The ${band} APR must be at most ${MA_MAX_APR} % (the Massachusetts cap, M.G.L. c. 255B §14).`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `The ${band} APR has at most two decimals.`);

/**
 * The owner's deal settings as PUT /api/admin/deal-settings and the Settings tab send them (staff
 * text is English only). Rates are percent for APRs (7.9) and a fraction for the sales tax (0.0625),
 * as the API documents them; the terms come back sorted and without repeats.
 */
export const dealSettingsSchema = z.object({
  // Whole dollars: it is part of every advertised price, which pages show in whole dollars.
  docFee: dollars("The documentation fee", 5_000).refine(Number.isInteger, "The documentation fee must be in whole dollars."),
  docFeeTaxable: z.boolean({ error: "Say whether the documentation fee is taxable (true or false)." }),
  salesTaxRate: z
    .number({ error: "The sales tax rate must be a fraction, e.g. 0.0625 for 6.25 %." })
    .min(0, "The sales tax rate cannot be negative.")
    .max(0.25, "The sales tax rate must be a fraction, e.g. 0.0625 for 6.25 %."),
  titleFee: dollars("The title fee", 1_000),
  registrationFee: dollars("The registration fee", 1_000),
  aprByBand: z.object(
    Object.fromEntries(CREDIT_BANDS.map((band) => [band, apr(band)])) as Record<(typeof CREDIT_BANDS)[number], ReturnType<typeof apr>>,
    { error: "Give an APR for each credit band: excellent, good, fair, rebuilding." },
  ),
  termsMonths: z
    .array(
      z
        .number({ error: "Each term is a whole number of months." })
        .int("Each term is a whole number of months.")
        .min(12, "Each term is 12 to 96 months.")
        .max(96, "Each term is 12 to 96 months."),
      { error: "Give the terms offered as a list of months, e.g. [36, 48, 60, 72]." },
    )
    .min(1, "Offer at least one term.")
    .max(8, "Offer at most 8 terms.")
    .transform((terms) => [...new Set(terms)].sort((a, b) => a - b)),
  // Left out by a client that predates it: the default (the API keeps the stored value then).
  dealValidDays: z
    .number({ error: "The deal sheet's validity is a whole number of days, 1 to 30." })
    .int("The deal sheet's validity is a whole number of days, 1 to 30.")
    .min(1, "The deal sheet's validity is a whole number of days, 1 to 30.")
    .max(30, "The deal sheet's validity is a whole number of days, 1 to 30.")
    .default(DEFAULT_DEAL_SETTINGS.dealValidDays),
  // Set by the server, never by the form: a PUT by the owner makes the rates the owner's (decision 092).
  ratesSource: z.enum(RATES_SOURCES).default(DEFAULT_DEAL_SETTINGS.ratesSource),
  // One line on the Buyers Guide: a line break or control character is refused, as in every one-line field (decision 089).
  complaintsContact: z
    .string({ error: "Name the person or department to contact for complaints after a sale, e.g. Sales Manager." })
    .refine(isOneLine, "The complaints contact is one line: no line breaks or control characters.")
    .trim()
    .min(2, "Name the person or department to contact for complaints after a sale, e.g. Sales Manager.")
    .max(100, "The complaints contact is at most 100 characters.")
    .default(DEFAULT_DEAL_SETTINGS.complaintsContact),
  buyersGuideSignatureLine: z
    .boolean({ error: "Say whether the Buyers Guide prints the signature line (true or false)." })
    .default(DEFAULT_DEAL_SETTINGS.buyersGuideSignatureLine),
  priceDropMinDays: z
    .number({ error: "The days a former price must have been shown is a whole number, 1 to 90." })
    .int("The days a former price must have been shown is a whole number, 1 to 90.")
    .min(1, "The days a former price must have been shown is a whole number, 1 to 90.")
    .max(90, "The days a former price must have been shown is a whole number, 1 to 90.")
    .default(DEFAULT_DEAL_SETTINGS.priceDropMinDays),
}) satisfies z.ZodType<DealSettings, unknown>;
