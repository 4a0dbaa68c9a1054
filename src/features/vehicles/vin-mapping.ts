import { vehicleName } from "~/shared/lib/vehicle-name";
import type { FuelType } from "~/shared/types/vehicle";
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
  /** vPIC's fuel type in the lot's words (null when vPIC has none or one the lot does not list, e.g. CNG). */
  fuelType: FuelType | null;
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

/**
 * vPIC's fuel type ("Gasoline", "Diesel", "Electric", "Flexible Fuel Vehicle (FFV)", "Hybrid", and
 * "Plug-in Hybrid"-like spellings) onto the lot's list. Plug-in is checked before hybrid, and hybrid
 * before electric, because the longer names contain the shorter ones; a decode naming both a
 * combustion fuel and electricity is a hybrid. Natural gas, propane or hydrogen: null, staff choose.
 */
export function mapFuelType(raw: string | null): FuelType | null {
  if (!raw) return null;
  const s = raw.toLowerCase();
  if (/plug-?\s?in/.test(s) || s.includes("phev")) return "plug-in-hybrid";
  if (s.includes("hybrid") || (s.includes("electric") && /gasoline|diesel|petrol/.test(s))) return "hybrid";
  if (s.includes("flex") || s.includes("ffv") || s.includes("e85")) return "flex";
  if (s.includes("electric")) return "electric";
  if (s.includes("diesel")) return "diesel";
  if (s.includes("gasoline") || s.includes("petrol")) return "gasoline";
  return null;
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
    fuelType: mapFuelType(raw.fuelType),
    // The English description (the lot's first language) opens with the vehicle's English name.
    description: details ? `${vehicleName({ year: raw.year ?? 0, make: raw.make ?? "", model: raw.model ?? "" }, "en")} (${details})` : "",
    features,
  };
}
