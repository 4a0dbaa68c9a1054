/**
 * A trade-in request's vehicle, its condition and the shopper's consent, as POST /api/trade-ins takes them (JSON),
 * with no photos: a 2016 Honda Civic. Spread the shopper's name, e-mail, phone and language over it.
 * The benches post it too (bench/load-mixed.ts).
 */
export const TRADE_IN_VEHICLE = {
  year: 2016,
  make: "Honda",
  model: "Civic",
  mileage: 88_000,
  zip: "01420",
  condition: { accidents: 0, warningLights: false, tires: "good", keys: 2, smokedIn: false, titleStatus: "clean" },
  photos: [] as string[],
  consent: true,
};
