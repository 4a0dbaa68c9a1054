import type { VinDecode } from "~/features/booking/booking.server";
import { createVinDecoder, type VinDecoder } from "~/features/vehicles/vin-decoder.server";

// One decoder per vPIC cache folder for the process: the booking API and the booking page's form
// post share it (and its open database), so the database is unpacked and opened once.
const decoders = new Map<string, VinDecoder>();

/**
 * The VIN decoding a service booking uses to fill in the customer's vehicle: the
 * vehicles feature's offline NHTSA decoder, handed to the booking feature here, since one feature
 * never imports another (decision 007).
 */
export function serviceVinDecode(vpicCacheDir: string): VinDecode {
  let decoder = decoders.get(vpicCacheDir);
  if (!decoder) decoders.set(vpicCacheDir, (decoder = createVinDecoder(vpicCacheDir)));
  const shared = decoder;
  return async (vin) => {
    const decoded = await shared.decode(vin);
    return decoded ? { year: decoded.year, make: decoded.make, model: decoded.model } : null;
  };
}
