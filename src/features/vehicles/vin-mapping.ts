import type { RawVinDecode } from "./vin-decoder.server";
import { BODY_STYLES, DRIVETRAINS, TRANSMISSIONS } from "./vehicle-schema";

/** GET /api/admin/vin/:vin answer: values mapped onto the vehicle form's option lists ("" when unknown). */
export type VinLookupResult = {
  year: number;
  make: string;
  model: string;
  bodyStyle: (typeof BODY_STYLES)[number] | "";
  drivetrain: (typeof DRIVETRAINS)[number] | "";
  transmission: (typeof TRANSMISSIONS)[number] | "";
  trim: string | null;
  fuelType: string | null;
  description: string;
  features: string[];
};

function mapBodyStyle(raw: string | null): VinLookupResult["bodyStyle"] {
  if (!raw) return "";
  const s = raw.toLowerCase();
  if (s.includes("pickup") || s.includes("truck")) return "Truck";
  if (s.includes("minivan")) return "Minivan";
  if (s.includes("van")) return "Van";
  if (s.includes("suv") || s.includes("sport utility") || s.includes("crossover") || s.includes("mpv")) return "SUV";
  if (s.includes("wagon")) return "Wagon";
  if (s.includes("convertible") || s.includes("cabriolet") || s.includes("roadster")) return "Convertible";
  if (s.includes("coupe")) return "Coupe";
  if (s.includes("hatchback") || s.includes("liftback")) return "Hatchback";
  if (s.includes("sedan") || s.includes("saloon")) return "Sedan";
  return "";
}

function mapDrivetrain(raw: string | null): VinLookupResult["drivetrain"] {
  if (!raw) return "";
  const s = raw.toLowerCase();
  if (s.includes("4x4") || s.includes("4wd") || s.includes("four wheel") || s.includes("4-wheel")) return "4WD";
  if (s.includes("awd") || s.includes("all wheel") || s.includes("all-wheel")) return "AWD";
  if (s.includes("fwd") || s.includes("front")) return "FWD";
  if (s.includes("rwd") || s.includes("rear")) return "RWD";
  return "";
}

function mapTransmission(raw: string | null, fuelType: string | null): VinLookupResult["transmission"] {
  const s = (raw ?? "").toLowerCase();
  if (s.includes("cvt") || s.includes("continuously")) return "CVT";
  if (s.includes("semi") || s.includes("dual-clutch") || s.includes("dct") || s.includes("automated manual")) return "Semi-Automatic";
  if (s.includes("manual")) return "Manual";
  if (s.includes("auto")) return "Automatic";
  // Electric vehicles have a single-speed automatic.
  if (fuelType && /electric/i.test(fuelType)) return "Automatic";
  return "";
}

/** Maps a vPIC decode onto the form's option lists. */
export function mapVinDecode(raw: RawVinDecode): VinLookupResult {
  const details = [
    raw.trim,
    raw.engine?.displacement ? `${Number(raw.engine.displacement).toFixed(1)}L` : null,
    raw.engine?.cylinders ? `${raw.engine.cylinders}-cylinder` : null,
    raw.fuelType,
  ]
    .filter(Boolean)
    .join(", ");
  const features: string[] = [];
  if (raw.fuelType && /hybrid|electric/i.test(raw.fuelType)) features.push(raw.fuelType);
  return {
    year: raw.year ?? 0,
    make: raw.make ?? "",
    model: raw.model ?? "",
    bodyStyle: mapBodyStyle(raw.bodyStyle),
    drivetrain: mapDrivetrain(raw.driveType),
    transmission: mapTransmission(raw.transmission, raw.fuelType),
    trim: raw.trim,
    fuelType: raw.fuelType,
    description: details ? `${raw.year} ${raw.make} ${raw.model} (${details})` : "",
    features,
  };
}
