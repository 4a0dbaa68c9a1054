import { businessProfile } from "~/shared/config/business-profile";
import { formatNumber } from "~/shared/lib/format";
import {
  asIsAllowed,
  effectiveWarrantyType,
  massachusettsWarranty,
  MA_WARRANTY_MIN_PRICE,
  type StatutoryWarranty,
} from "~/shared/lib/massachusetts-warranty";
import type { WarrantyType } from "~/shared/types/vehicle";

/**
 * The one source of a vehicle's warranty terms (decision 091): a structured list of systems and a
 * duration, which the Buyers Guide, the Massachusetts warranty and the deal sheet all print, in
 * English, Spanish or Portuguese. Staff choose the systems from this list (the systems of the
 * Buyers Guide's back page, plus the statute's own coverage), never type them: free text cannot be
 * checked against the law nor printed in the buyer's language.
 */

/** What a dealer warranty can cover. "use-or-safety" is M.G.L. c. 90 §7N¼'s coverage. */
export const WARRANTY_SYSTEMS = [
  "use-or-safety",
  "frame-body",
  "engine",
  "transmission",
  "differential",
  "cooling",
  "electrical",
  "fuel",
  "accessories",
  "brakes",
  "air-bags",
  "steering",
  "suspension",
  "tires",
  "wheels",
  "exhaust",
] as const;
export type WarrantySystem = (typeof WARRANTY_SYSTEMS)[number];

export type WarrantyLanguage = "en" | "es" | "pt";

/** The systems' names as the documents print them (the Buyers Guide's back-page headings where it has one). */
export const WARRANTY_SYSTEM_NAMES: Record<WarrantyLanguage, Record<WarrantySystem, string>> = {
  en: {
    "use-or-safety":
      "Parts and labor to repair any defect that impairs the vehicle's use or safety (Massachusetts Used Vehicle Warranty Law, M.G.L. c. 90 §7N¼)",
    "frame-body": "Frame & Body",
    engine: "Engine",
    transmission: "Transmission & Drive Shaft",
    differential: "Differential",
    cooling: "Cooling System",
    electrical: "Electrical System",
    fuel: "Fuel System",
    accessories: "Accessories: gauges, warning devices, air conditioner, heater and defroster",
    brakes: "Brake System",
    "air-bags": "Air Bags",
    steering: "Steering System",
    suspension: "Suspension System",
    tires: "Tires",
    wheels: "Wheels",
    exhaust: "Exhaust System, including the catalytic converter",
  },
  es: {
    "use-or-safety":
      "Repuestos y mano de obra para reparar cualquier defecto que afecte el uso o la seguridad del vehículo (Ley de Garantía de Vehículos Usados de Massachusetts, M.G.L. c. 90 §7N¼)",
    "frame-body": "Chasis y carrocería",
    engine: "Motor",
    transmission: "Transmisión y eje de transmisión",
    differential: "Diferencial",
    cooling: "Sistema de refrigeración",
    electrical: "Sistema eléctrico",
    fuel: "Sistema de combustible",
    accessories: "Accesorios: indicadores, dispositivos de advertencia, aire acondicionado, calefacción y desempañador",
    brakes: "Sistema de frenos",
    "air-bags": "Bolsas de aire",
    steering: "Sistema de dirección",
    suspension: "Sistema de suspensión",
    tires: "Neumáticos",
    wheels: "Ruedas",
    exhaust: "Sistema de escape, incluido el convertidor catalítico",
  },
  pt: {
    "use-or-safety":
      "Peças e mão de obra para reparar qualquer defeito que prejudique o uso ou a segurança do veículo (Lei de Garantia de Veículos Usados de Massachusetts, M.G.L. c. 90 §7N¼)",
    "frame-body": "Chassi e carroceria",
    engine: "Motor",
    transmission: "Câmbio e eixo de transmissão",
    differential: "Diferencial",
    cooling: "Sistema de arrefecimento",
    electrical: "Sistema elétrico",
    fuel: "Sistema de combustível",
    accessories: "Acessórios: instrumentos, luzes de advertência, ar-condicionado, aquecedor e desembaçador",
    brakes: "Sistema de freios",
    "air-bags": "Airbags",
    steering: "Sistema de direção",
    suspension: "Sistema de suspensão",
    tires: "Pneus",
    wheels: "Rodas",
    exhaust: "Sistema de escapamento, incluindo o catalisador",
  },
};

/** A dealer warranty's terms: what it covers, how long, and what share of the repair the dealer pays. */
export type DealerWarrantyTerms = {
  systems: WarrantySystem[];
  days: number;
  /** Null: no mile limit. */
  miles: number | null;
  laborPercent: number;
  partsPercent: number;
};

/** The terms the statute requires for its band: any defect that impairs use or safety, parts and labor, the band's days or miles. */
export function statutoryTerms(statutory: StatutoryWarranty): DealerWarrantyTerms {
  return { systems: ["use-or-safety"], days: statutory.days, miles: statutory.miles, laborPercent: 100, partsPercent: 100 };
}

/** Why a vehicle has no statutory warranty: its odometer (125,000 miles or more) or its price (under $700 with the doc fee). */
export type NoWarrantyReason = "mileage" | "price";

/** Everything the documents print about a vehicle's warranty. */
export type WarrantyTerms = {
  /** The Buyers Guide's box (decision 060: never "as is" in Massachusetts). */
  box: WarrantyType;
  /** The dealer warranty's terms when the box is the dealer warranty: the vehicle's own, else the statute's. */
  dealer: DealerWarrantyTerms | null;
  /** What Massachusetts requires for this sale price and odometer, if anything. */
  statutory: StatutoryWarranty | null;
  /** Set when the statute requires no warranty. */
  noWarrantyReason: NoWarrantyReason | null;
};

/**
 * The warranty the documents print for a vehicle offered at `salePrice` (its cash price plus the
 * mandatory documentation fee: decision 091 reads §7N¼'s purchase price so) with `mileage` miles:
 * the box the law allows, and the dealer's own terms or, when it gave none, the statute's.
 */
export function warrantyTermsFor(
  vehicle: { salePrice: number; mileage: number; warrantyType: WarrantyType; warrantyTerms: DealerWarrantyTerms | null },
  region: string = businessProfile.address.region,
): WarrantyTerms {
  const statutory = massachusettsWarranty(vehicle.salePrice, vehicle.mileage);
  const box = effectiveWarrantyType({ price: vehicle.salePrice, mileage: vehicle.mileage, warrantyType: vehicle.warrantyType }, region);
  const own = vehicle.warrantyTerms;
  const dealer = box !== "dealer" ? null : statutory ? atLeastStatutory(own ?? statutoryTerms(statutory), statutory) : own;
  return {
    box,
    dealer,
    statutory,
    noWarrantyReason: statutory || asIsAllowed(region) ? null : vehicle.salePrice < MA_WARRANTY_MIN_PRICE ? "price" : "mileage",
  };
}

/**
 * Terms raised to the statute's minimum wherever they fall short: the form and the API refuse such
 * terms, but a later change of price, mileage or doc fee can bring a vehicle under the statute with
 * a voluntary warranty that promised less. No document ever prints less than the law gives.
 */
export function atLeastStatutory(terms: DealerWarrantyTerms, statutory: StatutoryWarranty): DealerWarrantyTerms {
  return {
    systems: terms.systems.includes("use-or-safety") ? terms.systems : ["use-or-safety", ...terms.systems],
    days: Math.max(terms.days, statutory.days),
    miles: terms.miles === null ? null : Math.max(terms.miles, statutory.miles),
    laborPercent: 100,
    partsPercent: 100,
  };
}

/** "Engine; Brake System" in the document's language, in the list's order. */
export function describeSystems(terms: DealerWarrantyTerms, language: WarrantyLanguage): string {
  const names = WARRANTY_SYSTEM_NAMES[language];
  return WARRANTY_SYSTEMS.filter((s) => terms.systems.includes(s))
    .map((s) => names[s])
    .join("; ");
}

const DURATION: Record<WarrantyLanguage, { withMiles: (d: number, m: string) => string; daysOnly: (d: number) => string }> = {
  en: { withMiles: (d, m) => `${d} days or ${m} miles, whichever comes first`, daysOnly: (d) => `${d} days` },
  es: { withMiles: (d, m) => `${d} días o ${m} millas, lo que ocurra primero`, daysOnly: (d) => `${d} días` },
  pt: { withMiles: (d, m) => `${d} dias ou ${m} milhas, o que ocorrer primeiro`, daysOnly: (d) => `${d} dias` },
};

/** "90 days or 3,750 miles, whichever comes first" in the document's language. */
export function describeDuration(terms: Pick<DealerWarrantyTerms, "days" | "miles">, language: WarrantyLanguage): string {
  const d = DURATION[language];
  return terms.miles === null ? d.daysOnly(terms.days) : d.withMiles(terms.days, formatNumber(terms.miles, language));
}

/** One way dealer terms fall short of what the statute requires, on the form field it concerns. */
export type TermsShortfall =
  | { field: "warrantySystems"; kind: "use-or-safety" }
  | { field: "warrantyDays"; kind: "days"; required: number }
  | { field: "warrantyMiles"; kind: "miles"; required: number }
  | { field: "warrantyLaborPercent" | "warrantyPartsPercent"; kind: "percent" };

/**
 * Where `terms` promise less than §7N¼ requires for `statutory` (decision 091): the coverage of any
 * defect that impairs use or safety, at least the band's days and miles (no mile limit is more),
 * and the dealer paying all the parts and labor. Staff may give more, never less. Empty: lawful.
 */
export function statutoryShortfalls(terms: DealerWarrantyTerms, statutory: StatutoryWarranty): TermsShortfall[] {
  const out: TermsShortfall[] = [];
  if (!terms.systems.includes("use-or-safety")) out.push({ field: "warrantySystems", kind: "use-or-safety" });
  if (terms.days < statutory.days) out.push({ field: "warrantyDays", kind: "days", required: statutory.days });
  if (terms.miles !== null && terms.miles < statutory.miles) out.push({ field: "warrantyMiles", kind: "miles", required: statutory.miles });
  if (terms.laborPercent < 100) out.push({ field: "warrantyLaborPercent", kind: "percent" });
  if (terms.partsPercent < 100) out.push({ field: "warrantyPartsPercent", kind: "percent" });
  return out;
}

/**
 * A duration written as text (a CSV cell, a pre-structured row): "90 days or 3,750 miles, whichever
 * comes first", "60 days / 2,500 miles", "30 days", "3 months or 1,000 miles". Null when it says
 * anything else.
 */
export function parseWarrantyDuration(text: string): Pick<DealerWarrantyTerms, "days" | "miles"> | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/,(?=\d{3}\b)/g, "");
  const match = /^(\d{1,4})\s*(days?|months?)(?:\s*(?:or|\/|,)\s*(\d{1,7})\s*(?:miles?|mi\.?))?(?:[\s,]*whichever comes first)?\.?$/.exec(
    t,
  );
  if (!match) return null;
  const count = Number(match[1]);
  const days = match[2]!.startsWith("month") ? count * 30 : count;
  return days >= 1 ? { days, miles: match[3] ? Number(match[3]) : null } : null;
}

/**
 * Systems written as text: keys or names in English or Spanish, separated by ";" or "," (a
 * name that itself holds a comma is matched whole first). Null when any part names no system.
 */
export function parseWarrantySystems(text: string): WarrantySystem[] | null {
  const byName = new Map<string, WarrantySystem>();
  for (const language of ["en", "es", "pt"] as const)
    for (const system of WARRANTY_SYSTEMS) byName.set(WARRANTY_SYSTEM_NAMES[language][system].toLowerCase(), system);
  for (const system of WARRANTY_SYSTEMS) byName.set(system, system);
  const found = new Set<WarrantySystem>();
  let rest = text.toLowerCase();
  // Whole names first (some hold commas), longest first, then the separators.
  for (const [name, system] of [...byName].sort((a, b) => b[0].length - a[0].length)) {
    if (rest.includes(name)) {
      found.add(system);
      rest = rest.split(name).join(";");
    }
  }
  if (rest.split(/[;,]/).some((part) => part.trim() !== "" && part.trim() !== "and" && part.trim() !== "y")) return null;
  return found.size ? WARRANTY_SYSTEMS.filter((s) => found.has(s)) : null;
}
