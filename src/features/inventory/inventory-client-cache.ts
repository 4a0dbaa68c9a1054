import { unpackJson, type PackedJson } from "~/shared/lib/packed-json";
import type { VehicleSummary } from "./vehicle-summary";

/** The inventory as a page uses it. */
export type InventoryData = { vehicles: VehicleSummary[]; publicUrl: string };

/** The inventory as its loader sends it: the list packed as one JSON string (decision 050). */
export type PackedInventoryData = { vehicles: PackedJson<VehicleSummary[]>; publicUrl: string };

export function unpackInventory(data: PackedInventoryData): InventoryData {
  return { vehicles: unpackJson(data.vehicles), publicUrl: data.publicUrl };
}

let inventory: InventoryData | null = null;

/**
 * The vehicle list this browser last received, kept for the whole visit (docs/behaviour.md §7: fetched once,
 * no refetch, cached data never goes stale). Client navigations to /inventory, Back included,
 * render from it at once, so the scroll position and filters come back exactly.
 */
export function cachedInventory(): InventoryData | null {
  return inventory;
}

export function rememberInventory(data: InventoryData): void {
  inventory = data;
}

/** A value or a promise of it, as a client loader hands it to a page. */
export type MaybeDeferred<T> = T | Promise<T>;

export function isPromise<T>(value: MaybeDeferred<T>): value is Promise<T> {
  return typeof (value as Promise<T> | null)?.then === "function";
}
