import sharp from "sharp";
import type { AppContext } from "~/server/context.server";
import { saveDealSettingsIfNone } from "~/server/data/deal-settings.server";
import { countServices, insertService } from "~/server/data/services.server";
import {
  countVehicles,
  insertVehicle,
  patchVehicleRow,
  stockWriteTransaction,
  vehicleIdsByStockNumber,
  type VehicleInput,
} from "~/server/data/vehicles.server";
import { storeImage, type StoredImage } from "~/server/images/image-store.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { options as spanishOptions } from "~/shared/i18n/es/options";
import { options as portugueseOptions } from "~/shared/i18n/pt/options";
import { optionLabel } from "~/shared/i18n/option-label";
import { DEFAULT_DEAL_SETTINGS } from "~/shared/lib/deal-estimate";
import { vinYearCode, withCheckDigit } from "~/shared/lib/vin";
import { DEMO_COLORS, DEMO_FEATURES, DEMO_MODELS, DEMO_SERVICES, featureFits } from "./demo-catalogue.server";
import { shotsFor, vehicleSvg } from "./vehicle-art.server";

export const DEMO_VEHICLE_COUNT = 32;

/** Deterministic PRNG (mulberry32) so the demo inventory is the same on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const TRANSMISSIONS = ["Automatic", "Automatic", "Automatic", "CVT", "Manual", "Semi-Automatic"] as const;

/** A VIN with the model's WMI, the right year code and a correct check digit. */
export function demoVin(wmi: string, year: number, rand: () => number): string {
  const pick = () => VIN_CHARS[Math.floor(rand() * VIN_CHARS.length)]!;
  const vds = Array.from({ length: 5 }, pick).join("");
  const serial = String(Math.floor(rand() * 1_000_000)).padStart(6, "0");
  const draft = `${wmi}${vds}0${vinYearCode(year)}${pick()}${serial}`;
  return withCheckDigit(draft);
}

/** The model year the demo lot is priced against (the newest demo vehicles are this year's). */
const DEMO_MARKET_YEAR = 2025;
/** Miles a year an average car is driven: more than this lowers the price, fewer raises it. */
const MILES_PER_YEAR = 12_000;

/** Models whose used prices hold up better or worse than average (trucks, Jeeps, Toyotas; German sedans). */
const RETENTION: Partial<Record<string, number>> = {
  Toyota: 1.12,
  Jeep: 1.1,
  Ram: 1.05,
  Subaru: 1.05,
  Lexus: 1.08,
  BMW: 0.88,
  Audi: 0.9,
  "Mercedes-Benz": 0.88,
  Nissan: 0.93,
  Chrysler: 0.92,
};

/**
 * A used-lot price: an MSRP-like base per model, down ~12 % in the first year and ~8 % a year
 * after, adjusted by how the make holds value and by miles over or under
 * 12,000 a year (±15 % at most), then rounded the way lots price: $x,x95 under $10,000, $xx,495 or
 * $xx,995 above. Never below $3,995.
 */
export function demoPrice(base: { make: string; basePrice: number; bodyStyle: string }, year: number, mileage: number): number {
  const age = Math.max(0, DEMO_MARKET_YEAR - year);
  let value = base.basePrice * (age === 0 ? 0.94 : 0.88);
  for (let y = 2; y <= age; y++) value *= 0.92;
  value *= RETENTION[base.make] ?? (base.bodyStyle === "Truck" ? 1.08 : 1);
  const expectedMiles = Math.max(1, age) * MILES_PER_YEAR;
  const mileageFactor = 1 - Math.max(-0.15, Math.min(0.15, ((mileage - expectedMiles) / expectedMiles) * 0.25));
  value *= mileageFactor;
  const rounded = value < 10_000 ? Math.round(value / 100) * 100 - 5 : Math.round(value / 500) * 500 - 5;
  return Math.max(3_995, rounded);
}

/** The i-th demo vehicle's stock number, as a lot numbers its used cars: "P" and a running number. */
export function demoStockNumber(i: number): string {
  return `P${24_101 + i}`;
}

/**
 * Days a demo vehicle has been on the lot: 1 to 120, most under two months and a few aged units,
 * as a used lot's days-in-stock spread.
 */
function demoDaysOnLot(rand: () => number): number {
  return 1 + Math.floor(rand() ** 1.6 * 120);
}

/**
 * The i-th demo vehicle (without photos): varied make, body, colour, year 2008–2024, price and mileage, a stock
 * number and days on the lot (`daysOnLot`, turned into its stock date when it is added).
 */
export function demoVehicle(i: number): Omit<VehicleInput, "images"> & { photoCount: number; daysOnLot: number } {
  const rand = random(1000 + i);
  const base = DEMO_MODELS[i % DEMO_MODELS.length]!;
  const year = 2008 + Math.floor(rand() * 17);
  const age = DEMO_MARKET_YEAR - year;
  const mileage = Math.max(3_000, Math.round((age * 11_500 + (rand() - 0.5) * 16_000) / 10) * 10);
  const price = demoPrice(base, year, mileage);
  let transmission: string = TRANSMISSIONS[Math.floor(rand() * TRANSMISSIONS.length)]!;
  if (base.bodyStyle === "Truck" || base.bodyStyle === "Minivan") transmission = "Automatic";
  const exteriorColor = DEMO_COLORS[(i * 7 + Math.floor(rand() * 3)) % DEMO_COLORS.length]!;
  // Drawn from the whole list (so every later value stays what it was), then kept to what the model offers.
  const drawn = [...DEMO_FEATURES].sort(() => rand() - 0.5).slice(0, 4 + Math.floor(rand() * 6));
  const features = drawn.filter((feature) => featureFits(base, year, feature));
  if (year >= 2018 && !features.includes("Backup Camera")) features.unshift("Backup Camera");
  return {
    year,
    make: base.make,
    model: base.model,
    price,
    mileage,
    transmission,
    drivetrain: base.drivetrain,
    bodyStyle: base.bodyStyle,
    fuelType: base.fuelType,
    exteriorColor,
    vin: demoVin(base.wmi, year, rand),
    features,
    description: `This ${year} ${base.make} ${base.model} in ${exteriorColor.toLowerCase()} has been inspected by our service team and is ready for the road. Ask us about financing and trade-ins.`,
    stockNumber: demoStockNumber(i),
    // The demo stock shows every language's own description (decision 069).
    descriptionEs: `Este ${base.make} ${base.model} ${year} color ${optionLabel(spanishOptions.color, exteriorColor).toLowerCase()} fue revisado por nuestro equipo de servicio y está listo para la carretera. Pregúntenos por el financiamiento y por cómo dar su carro actual como parte de pago.`,
    descriptionPt: `Este ${base.make} ${base.model} ${year} ${optionLabel(portugueseOptions.color, exteriorColor).toLowerCase()} foi revisado pela nossa oficina e está pronto para rodar. Fale com a gente sobre financiamento e sobre dar o seu usado na troca.`,
    photoCount: 3 + Math.floor(rand() * 4),
    // Drawn last, so every other value of a demo vehicle stays what it was before vehicles had stock dates.
    daysOnLot: demoDaysOnLot(rand),
  };
}

// Photos depend only on body style, colour and framing, so one render serves many vehicles.
const renderCache = new Map<string, Promise<StoredImage>>();

function renderPhotos(ctx: AppContext, v: ReturnType<typeof demoVehicle>): Promise<StoredImage[]> {
  const seed = v.exteriorColor.length + v.bodyStyle.length;
  return Promise.all(
    shotsFor(v.photoCount, seed).map((shot) => {
      const svg = vehicleSvg(v.bodyStyle, v.exteriorColor, shot);
      const key = `${ctx.env.dataDir}|${ctx.env.storage.driver}|${svg}`;
      let stored = renderCache.get(key);
      if (!stored) {
        stored = sharp(Buffer.from(svg))
          .png({ compressionLevel: 1 })
          .toBuffer()
          .then((png) => storeImage(fileStoreFor(ctx), png, { refuseWhenBusy: false }));
        renderCache.set(key, stored);
      }
      return stored;
    }),
  );
}

/**
 * Adds `count` generated vehicles with photos, starting at catalogue index `from`. `listedAbove`: by
 * catalogue index, how much more a vehicle was first listed at (its price comes down later).
 */
export async function addDemoVehicles(
  ctx: AppContext,
  count: number,
  from = 0,
  listedAbove: ReadonlyMap<number, number> = new Map(),
): Promise<number> {
  const createdAt = Date.now();
  const queue = Array.from({ length: count }, (_, k) => from + k);
  // Stock numbers are unique: one already used (vehicles deleted, others added since) is left off.
  const taken = await vehicleIdsByStockNumber(ctx.db, queue.map(demoStockNumber));
  // Two at a time: sharp already uses both cores for each image.
  const worker = async () => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      const vehicle = demoVehicle(i);
      const images = await renderPhotos(ctx, vehicle);
      const { photoCount: _photoCount, daysOnLot, stockNumber, ...input } = vehicle;
      const dateInStock = new Date(createdAt - daysOnLot * 86_400_000).toISOString().slice(0, 10);
      const lot = { dateInStock, stockNumber: stockNumber && !taken.has(stockNumber) ? stockNumber : null };
      // Earlier catalogue entries look newer, so the featured three are stable.
      const above = listedAbove.get(i);
      // One whose price came down was listed when it arrived (its former price then held long enough to show the drop).
      const listedAt = above ? createdAt - daysOnLot * 86_400_000 : createdAt - i * 60_000;
      await insertVehicle(ctx.db, { ...input, price: input.price + (above ?? 0), ...lot, images }, new Date(listedAt));
    }
  };
  await Promise.all([worker(), worker()]);
  return count;
}

/**
 * The demo vehicles whose price came down (some of those a few weeks on the lot, none of the featured
 * three), and by how much.
 */
export const DEMO_PRICE_DROPS = [5, 12, 18, 25, 30].map((index) => ({ index, drop: demoVehicle(index).price >= 15_000 ? 1_000 : 500 }));

/** The drop happened two days ago: "Price reduced" shows, the former price having been offered for more than a week. */
const PRICE_DROP_DAYS_AGO = 2;

/**
 * The price history a lot has: a vehicle listed at one price when it arrived and lowered since, as the
 * vehicle form or a CSV import records it (patchVehicleRow writes the change with its date). The demo
 * price is the price after the drop.
 */
async function dropDemoPrices(ctx: AppContext, now = new Date()): Promise<void> {
  const ids = await vehicleIdsByStockNumber(
    ctx.db,
    DEMO_PRICE_DROPS.map(({ index }) => demoStockNumber(index)),
  );
  const droppedAt = new Date(now.getTime() - PRICE_DROP_DAYS_AGO * 86_400_000);
  for (const { index } of DEMO_PRICE_DROPS) {
    const id = ids.get(demoStockNumber(index));
    if (id) await stockWriteTransaction(ctx.db, (trx) => patchVehicleRow(trx, id, { price: demoVehicle(index).price }, droppedAt));
  }
}

/**
 * Seeds the demo inventory, service menu and example rates (marked "demo", decision 092) into an empty
 * database; leaves existing data, and settings the owner saved, alone.
 */
export async function seedDemoData(ctx: AppContext): Promise<{ vehicles: number; services: number }> {
  await saveDealSettingsIfNone(ctx.db, { ...DEFAULT_DEAL_SETTINGS, ratesSource: "demo" }, "demo data", new Date().toISOString());
  let services = 0;
  if ((await countServices(ctx.db)) === 0) {
    for (const [position, service] of DEMO_SERVICES.entries()) await insertService(ctx.db, service, position);
    services = DEMO_SERVICES.length;
  }
  const vehicles =
    (await countVehicles(ctx.db)) === 0
      ? await addDemoVehicles(ctx, DEMO_VEHICLE_COUNT, 0, new Map(DEMO_PRICE_DROPS.map(({ index, drop }) => [index, drop])))
      : 0;
  if (vehicles) await dropDemoPrices(ctx);
  return { vehicles, services };
}
