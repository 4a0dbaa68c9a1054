import type { AppContext } from "~/server/context.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import { listListedVehicles, vehiclesVersion } from "~/server/data/vehicles.server";
import { precompress, type Precompressed } from "~/server/http/precompressed.server";
import { advertisedPrice } from "~/shared/lib/deal-estimate";
import { packJson, type PackedJson } from "~/shared/lib/packed-json";
import { toPublicVehicle } from "~/shared/lib/public-vehicle";
import type { Vehicle } from "~/shared/types/vehicle";
import { toVehicleSummary, type VehicleSummary } from "./vehicle-summary";

/** One version of the stock, with what every request for it needs computed once. */
export type InventorySnapshot = {
  version: string;
  /** The listed vehicles with every field: for the sitemap and the feeds, never sent as they are. */
  vehicles: Vehicle[];
  /** Card fields for the inventory page's client-side filtering. */
  summaries: VehicleSummary[];
  /** The same, packed once for the inventory page's loader data. */
  packedSummaries: PackedJson<VehicleSummary[]>;
  /** The GET /api/vehicles body (public vehicles), plain and pre-compressed. */
  json: Precompressed;
};

let cached: { dbKey: object; snapshot: InventorySnapshot } | null = null;
let building: { dbKey: object; version: string; promise: Promise<InventorySnapshot> } | null = null;

/**
 * The current listed stock (available and pending vehicles with a photo). It is rebuilt (list, summaries, JSON and its gzip/brotli forms) only
 * when the cheap version query (count + latest change) says something changed, so a busy
 * inventory costs one COUNT/MAX per request and no serialisation or compression.
 */
export async function listInventory(ctx: AppContext): Promise<InventorySnapshot> {
  // The day is part of the version: a "Price reduced" badge ends 30 days after the drop.
  const version = `${await vehiclesVersion(ctx.db)}:${new Date().toISOString().slice(0, 10)}`;
  if (cached && cached.dbKey === ctx.db && cached.snapshot.version === version) return cached.snapshot;
  // Concurrent requests after a change share one rebuild.
  if (building && building.dbKey === ctx.db && building.version === version) return building.promise;
  const promise = buildSnapshot(ctx, version);
  building = { dbKey: ctx.db, version, promise };
  try {
    const snapshot = await promise;
    cached = { dbKey: ctx.db, snapshot };
    return snapshot;
  } finally {
    if (building?.promise === promise) building = null;
  }
}

async function buildSnapshot(ctx: AppContext, version: string): Promise<InventorySnapshot> {
  // Sold vehicles and those without a photo are not on the site: the list, its API, the home page,
  // the sitemap and the feeds (decision 054). The API gets the public shape; the sitemap and the
  // feeds, built on the server, read the stock date and change time from the full rows.
  // Every price a shopper or a platform reads is the advertised one, with the dealer's mandatory
  // documentation fee in it (decision 066); the version above moves when the owner changes the fee.
  const { settings } = await readDealSettings(ctx.db);
  const vehicles = (await listListedVehicles(ctx.db)).map((v) => ({ ...v, price: advertisedPrice(v.price, settings) }));
  const summaries = vehicles.map(toVehicleSummary);
  const json = await precompress(JSON.stringify(vehicles.map(toPublicVehicle)));
  return { version, vehicles, summaries, packedSummaries: packJson(summaries), json };
}
