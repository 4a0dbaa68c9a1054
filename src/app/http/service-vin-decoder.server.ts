import type { VinDecode } from "~/features/booking/booking.server";
import type { TradeInVinDecode } from "~/features/trade-in/trade-in.server";
import { vinDecoderFor } from "~/features/vehicles/vin-decoder.server";

/**
 * The VIN decoding a service booking uses to fill in the customer's vehicle: the
 * vehicles feature's offline NHTSA decoder (one per process, shared with the lot's pages and API),
 * handed to the booking feature here, since one feature never imports another (decision 007).
 */
export function serviceVinDecode(vpicCacheDir: string): VinDecode {
  const shared = vinDecoderFor(vpicCacheDir);
  return async (vin) => {
    const decoded = await shared.decode(vin);
    return decoded ? { year: decoded.year, make: decoded.make, model: decoded.model } : null;
  };
}

/**
 * The same offline decoder for a trade-in appraisal (decision 067): the car's year, make, model and
 * trim, and the other specs staff appraise by (body, engine, drive, transmission, fuel).
 */
export function tradeInVinDecode(vpicCacheDir: string): TradeInVinDecode {
  const shared = vinDecoderFor(vpicCacheDir);
  return async (vin) => {
    const d = await shared.decode(vin);
    if (!d) return null;
    const engine = [
      d.engine?.displacement ? `${Number(d.engine.displacement).toFixed(1)}L` : null,
      d.engine?.cylinders ? `${d.engine.cylinders}-cylinder` : null,
    ]
      .filter(Boolean)
      .join(" ");
    const details: Record<string, string> = {};
    for (const [label, value] of [
      ["Series", d.series],
      ["Body", d.bodyStyle],
      ["Engine", engine],
      ["Drive", d.driveType],
      ["Transmission", d.transmission],
      ["Fuel", d.fuelType],
      ["Doors", d.doors],
    ] as const) {
      if (value) details[label] = value;
    }
    return { year: d.year, make: d.make, model: d.model, trim: d.trim, details };
  };
}
