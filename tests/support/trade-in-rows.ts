import type { Insertable } from "kysely";
import type { TradeInTable } from "~/server/db/schema.server";

type Required = "id" | "firstName" | "lastName" | "email" | "phone" | "createdAt";

/**
 * A trade-in request's row as the public form stores one without a VIN, photos or an offer (a 2015 Honda
 * Civic in good order), for tests and benches that fill the table directly; `fields` sets the rest.
 */
export function tradeInRow(fields: Pick<Insertable<TradeInTable>, Required> & Partial<Insertable<TradeInTable>>): Insertable<TradeInTable> {
  return {
    vin: null,
    year: 2015,
    make: "Honda",
    model: "Civic",
    trim: null,
    decoded: null,
    mileage: 90_000,
    zip: "01420",
    accidents: 0,
    warningLights: 0,
    tires: "good",
    keys: 2,
    smokedIn: 0,
    titleStatus: "clean",
    payoff: null,
    lender: null,
    photos: "[]",
    consentAt: fields.createdAt,
    offerLow: null,
    offerHigh: null,
    offerNote: null,
    offerValidUntil: null,
    offerSentAt: null,
    offerTokenHash: null,
    ...fields,
  };
}
