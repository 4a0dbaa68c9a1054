import type { Insertable } from "kysely";
import type { DealTable } from "~/server/db/schema.server";

type Required = "id" | "firstName" | "lastName" | "email" | "phone" | "createdAt" | "validUntil";

/**
 * A deal sheet's row as a shopper's request stores its first version (a 2019 Honda Civic at $15,995 with
 * the $499 doc fee, $2,000 down, no trade, 6.25 % sales tax, no published rates so no APR or payment), for
 * tests and benches that fill the table directly; `fields` sets the rest (a revision: `version`,
 * `dealGroupId`, and the replaced version's `replacedById`).
 */
export function dealRow(fields: Pick<Insertable<DealTable>, Required> & Partial<Insertable<DealTable>>): Insertable<DealTable> {
  return {
    tokenHash: `${fields.id}-token-hash`,
    version: 1,
    dealGroupId: fields.id,
    replacedById: null,
    replacedAt: null,
    sentBy: null,
    vehicleId: "00000000-0000-4000-8000-000000000000",
    vehicleYear: 2019,
    vehicleMake: "Honda",
    vehicleModel: "Civic",
    vehicleTrim: "LX",
    vehicleVin: "2HGFC2F59KH000000",
    vehicleStockNumber: "P1000",
    vehicleMileage: 52_000,
    creditBand: "good",
    termMonths: 60,
    aprThousandths: 0,
    salesTaxRateMillionths: 62_500,
    priceCents: 1_599_500,
    docFeeCents: 49_900,
    downPaymentCents: 200_000,
    tradeInValueCents: 0,
    tradeInPayoffCents: 0,
    taxableAmountCents: 1_649_400,
    salesTaxCents: 103_088,
    titleFeeCents: 7_500,
    registrationFeeCents: 6_000,
    outTheDoorCents: 1_765_988,
    amountFinancedCents: 1_565_988,
    monthlyPaymentCents: 0,
    totalOfPaymentsCents: 0,
    finalPaymentCents: null,
    financeChargeCents: null,
    ratesSource: null,
    warrantyTerms: null,
    locale: "en",
    consentAt: fields.createdAt,
    ...fields,
  };
}
