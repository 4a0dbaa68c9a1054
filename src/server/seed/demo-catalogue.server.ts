import { EXTERIOR_COLORS } from "~/shared/types/vehicle";
import type { ServiceRecord } from "~/shared/types/service";

/**
 * Models the demo inventory is drawn from, with a realistic World Manufacturer Identifier each and the
 * fuel of the common US version of each (the Prius is a hybrid; the rest mostly with gasoline engines).
 */
export const DEMO_MODELS = [
  { make: "Honda", model: "Civic", bodyStyle: "Sedan", drivetrain: "FWD", fuelType: "gasoline", wmi: "2HG", basePrice: 24000 },
  { make: "Honda", model: "CR-V", bodyStyle: "SUV", drivetrain: "AWD", fuelType: "gasoline", wmi: "5J6", basePrice: 30000 },
  { make: "Honda", model: "Odyssey", bodyStyle: "Minivan", drivetrain: "FWD", fuelType: "gasoline", wmi: "5FN", basePrice: 36000 },
  { make: "Toyota", model: "Camry", bodyStyle: "Sedan", drivetrain: "FWD", fuelType: "gasoline", wmi: "4T1", basePrice: 27000 },
  { make: "Toyota", model: "RAV4", bodyStyle: "SUV", drivetrain: "AWD", fuelType: "gasoline", wmi: "2T3", basePrice: 31000 },
  { make: "Toyota", model: "Tacoma", bodyStyle: "Truck", drivetrain: "4WD", fuelType: "gasoline", wmi: "3TM", basePrice: 34000 },
  { make: "Toyota", model: "Prius", bodyStyle: "Hatchback", drivetrain: "FWD", fuelType: "hybrid", wmi: "JTD", basePrice: 26000 },
  { make: "Ford", model: "F-150", bodyStyle: "Truck", drivetrain: "4WD", fuelType: "gasoline", wmi: "1FT", basePrice: 42000 },
  { make: "Ford", model: "Escape", bodyStyle: "SUV", drivetrain: "AWD", fuelType: "gasoline", wmi: "1FM", basePrice: 28000 },
  { make: "Ford", model: "Mustang", bodyStyle: "Convertible", drivetrain: "RWD", fuelType: "gasoline", wmi: "1FA", basePrice: 33000 },
  { make: "Chevrolet", model: "Malibu", bodyStyle: "Sedan", drivetrain: "FWD", fuelType: "gasoline", wmi: "1G1", basePrice: 23000 },
  { make: "Chevrolet", model: "Silverado 1500", bodyStyle: "Truck", drivetrain: "4WD", fuelType: "gasoline", wmi: "1GC", basePrice: 41000 },
  { make: "Chevrolet", model: "Equinox", bodyStyle: "SUV", drivetrain: "AWD", fuelType: "gasoline", wmi: "2GN", basePrice: 27000 },
  { make: "Nissan", model: "Altima", bodyStyle: "Sedan", drivetrain: "FWD", fuelType: "gasoline", wmi: "1N4", basePrice: 25000 },
  { make: "Nissan", model: "Rogue", bodyStyle: "SUV", drivetrain: "AWD", fuelType: "gasoline", wmi: "5N1", basePrice: 28000 },
  { make: "Subaru", model: "Outback", bodyStyle: "Wagon", drivetrain: "AWD", fuelType: "gasoline", wmi: "4S4", basePrice: 30000 },
  { make: "Subaru", model: "Forester", bodyStyle: "SUV", drivetrain: "AWD", fuelType: "gasoline", wmi: "JF2", basePrice: 29000 },
  { make: "Jeep", model: "Grand Cherokee", bodyStyle: "SUV", drivetrain: "4WD", fuelType: "gasoline", wmi: "1C4", basePrice: 38000 },
  { make: "Jeep", model: "Wrangler", bodyStyle: "SUV", drivetrain: "4WD", fuelType: "gasoline", wmi: "1C4", basePrice: 36000 },
  { make: "Hyundai", model: "Elantra", bodyStyle: "Sedan", drivetrain: "FWD", fuelType: "gasoline", wmi: "5NP", basePrice: 21000 },
  { make: "Hyundai", model: "Santa Fe", bodyStyle: "SUV", drivetrain: "AWD", fuelType: "gasoline", wmi: "5NM", basePrice: 30000 },
  { make: "Kia", model: "Soul", bodyStyle: "Hatchback", drivetrain: "FWD", fuelType: "gasoline", wmi: "KND", basePrice: 20000 },
  { make: "Mazda", model: "Mazda3", bodyStyle: "Hatchback", drivetrain: "FWD", fuelType: "gasoline", wmi: "JM1", basePrice: 23000 },
  { make: "Mazda", model: "MX-5 Miata", bodyStyle: "Convertible", drivetrain: "RWD", fuelType: "gasoline", wmi: "JM1", basePrice: 29000 },
  { make: "BMW", model: "3 Series", bodyStyle: "Sedan", drivetrain: "AWD", fuelType: "gasoline", wmi: "WBA", basePrice: 43000 },
  { make: "Audi", model: "A5", bodyStyle: "Coupe", drivetrain: "AWD", fuelType: "gasoline", wmi: "WAU", basePrice: 45000 },
  { make: "Mercedes-Benz", model: "C 300", bodyStyle: "Sedan", drivetrain: "RWD", fuelType: "gasoline", wmi: "W1K", basePrice: 46000 },
  { make: "Volkswagen", model: "Jetta", bodyStyle: "Sedan", drivetrain: "FWD", fuelType: "gasoline", wmi: "3VW", basePrice: 22000 },
  {
    make: "Volkswagen",
    model: "Golf SportWagen",
    bodyStyle: "Wagon",
    drivetrain: "AWD",
    fuelType: "gasoline",
    wmi: "3VW",
    basePrice: 26000,
  },
  { make: "Dodge", model: "Challenger", bodyStyle: "Coupe", drivetrain: "RWD", fuelType: "gasoline", wmi: "2C3", basePrice: 34000 },
  { make: "Ram", model: "1500", bodyStyle: "Truck", drivetrain: "4WD", fuelType: "gasoline", wmi: "1C6", basePrice: 43000 },
  { make: "Chrysler", model: "Pacifica", bodyStyle: "Minivan", drivetrain: "FWD", fuelType: "gasoline", wmi: "2C4", basePrice: 38000 },
  { make: "Lexus", model: "RX 350", bodyStyle: "SUV", drivetrain: "AWD", fuelType: "gasoline", wmi: "2T2", basePrice: 49000 },
  { make: "Acura", model: "TLX", bodyStyle: "Sedan", drivetrain: "FWD", fuelType: "gasoline", wmi: "19U", basePrice: 38000 },
] as const;

/** Yellow and purple are rare on a used lot: the demo lot paints its vehicles in the others, in the list's order. */
export const DEMO_COLORS = EXTERIOR_COLORS.filter((color) => color !== "Yellow" && color !== "Purple");

export const DEMO_FEATURES = [
  "Backup Camera",
  "Bluetooth",
  "Apple CarPlay",
  "Android Auto",
  "Heated Seats",
  "Sunroof",
  "Navigation",
  "Keyless Entry",
  "Push-Button Start",
  "Blind Spot Monitoring",
  "Lane Departure Warning",
  "Adaptive Cruise Control",
  "Leather Seats",
  "Remote Start",
  "Third-Row Seating",
  "Tow Package",
  "Alloy Wheels",
  "Heated Steering Wheel",
  "Premium Audio",
  "Dual-Zone Climate Control",
  "Power Liftgate",
  "Roof Rails",
  "Fog Lights",
  "USB-C Ports",
] as const;

const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
const halfHours = (from: string, to: string) => {
  const out: string[] = [];
  const [fh, fm] = from.split(":").map(Number) as [number, number];
  const [th, tm] = to.split(":").map(Number) as [number, number];
  for (let t = fh * 60 + fm; t <= th * 60 + tm; t += 30)
    out.push(`${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`);
  return out;
};

/** The demo service menu (docs/behaviour.md §3 services). */
export const DEMO_SERVICES: Omit<ServiceRecord, "id">[] = [
  {
    name: "Oil Change",
    description: "Full synthetic oil and filter change with a multi-point inspection.",
    translations: {
      es: { name: "Cambio de aceite", description: "Cambio de aceite sintético y filtro, con inspección de varios puntos." },
      pt: { name: "Troca de óleo", description: "Troca de óleo sintético e filtro, com inspeção de vários itens." },
    },
    duration: 30,
    price: 59,
    availableDays: [...weekdays, "saturday"],
    availableTimes: halfHours("09:00", "15:00"),
  },
  {
    name: "Tire Rotation",
    description: "Rotate all four tires, set pressures and check tread depth.",
    translations: {
      es: {
        name: "Rotación de llantas",
        description: "Rotación de las cuatro llantas, ajuste de la presión y revisión de la profundidad del dibujo.",
      },
      pt: { name: "Rodízio de pneus", description: "Rodízio dos quatro pneus, calibragem e verificação da profundidade dos sulcos." },
    },
    duration: 30,
    price: 29,
    availableDays: [...weekdays, "saturday"],
    availableTimes: halfHours("09:00", "15:00"),
  },
  {
    name: "Massachusetts State Inspection",
    description: "Official Massachusetts safety and emissions inspection with sticker.",
    translations: {
      es: {
        name: "Inspección estatal de Massachusetts",
        description: "Inspección oficial de seguridad y emisiones de Massachusetts, con calcomanía.",
      },
      pt: {
        name: "Inspeção estadual de Massachusetts",
        description: "Inspeção oficial de segurança e emissões de Massachusetts, com selo.",
      },
    },
    duration: 30,
    price: 35,
    availableDays: [...weekdays],
    availableTimes: halfHours("09:00", "16:30"),
  },
  {
    name: "Brake Inspection",
    description: "Pads, rotors, calipers and brake fluid checked, with a written quote.",
    translations: {
      es: {
        name: "Revisión de frenos",
        description: "Revisión de pastillas, discos, cálipers y líquido de frenos, con presupuesto por escrito.",
      },
      pt: {
        name: "Revisão dos freios",
        description: "Verificação de pastilhas, discos, pinças e fluido de freio, com orçamento por escrito.",
      },
    },
    duration: 45,
    price: 49,
    availableDays: [...weekdays],
    availableTimes: ["09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00"],
  },
  {
    name: "Full Detailing",
    description: "Hand wash, clay bar, wax, interior shampoo and leather conditioning.",
    translations: {
      es: {
        name: "Detallado completo",
        description: "Lavado a mano, barra de arcilla, cera, lavado de tapicería y acondicionamiento del cuero.",
      },
      pt: {
        name: "Estética automotiva completa",
        description: "Lavagem à mão, descontaminação da pintura, cera, lavagem dos estofados e hidratação do couro.",
      },
    },
    duration: 180,
    price: 199,
    availableDays: ["tuesday", "thursday", "saturday"],
    availableTimes: ["09:00", "12:30"],
  },
  {
    name: "Battery Test & Replacement",
    description: "Battery and charging system test; replacement batteries installed on the spot.",
    translations: {
      es: {
        name: "Prueba y cambio de batería",
        description: "Prueba de la batería y del sistema de carga; instalamos la batería nueva en el momento.",
      },
      pt: { name: "Teste e troca de bateria", description: "Teste da bateria e do sistema de carga; a bateria nova é instalada na hora." },
    },
    duration: 30,
    price: 25,
    availableDays: [...weekdays, "saturday"],
    availableTimes: halfHours("09:00", "15:00"),
  },
];

/** Models sold with a third row of seats: the minivans. The demo's SUVs are its two-row versions. */
const THIRD_ROW_MODELS: ReadonlySet<string> = new Set(["Odyssey", "Pacifica"]);

/**
 * Whether a demo vehicle of this model and year plausibly has `feature`: no third row on a Civic,
 * no tow package on a sedan, no sunroof on a convertible, no power liftgate on a car with a trunk,
 * and no phone projection, USB-C or driver assistance on a model year that did not offer it. A
 * backup camera is standard from model year 2018 (49 CFR 571.111, FMVSS 111), so it is added then.
 */
export function featureFits(model: Pick<DemoModel, "model" | "bodyStyle">, year: number, feature: DemoFeature): boolean {
  const body = model.bodyStyle;
  const hasHatch = body === "SUV" || body === "Minivan" || body === "Wagon";
  switch (feature) {
    case "Third-Row Seating":
      return THIRD_ROW_MODELS.has(model.model);
    case "Tow Package":
      return body === "Truck" || body === "SUV";
    case "Power Liftgate":
    case "Roof Rails":
      return hasHatch;
    case "Sunroof":
      return body !== "Convertible";
    case "Apple CarPlay":
    case "Android Auto":
      return year >= 2016;
    case "USB-C Ports":
      return year >= 2020;
    case "Adaptive Cruise Control":
    case "Blind Spot Monitoring":
    case "Lane Departure Warning":
      return year >= 2015;
    case "Push-Button Start":
    case "Remote Start":
      return year >= 2012;
    case "Backup Camera":
      return year >= 2012;
    default:
      return true;
  }
}

export type DemoModel = (typeof DEMO_MODELS)[number];
export type DemoFeature = (typeof DEMO_FEATURES)[number];
