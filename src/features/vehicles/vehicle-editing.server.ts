import crypto from "node:crypto";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { insertVehicleDocument, listVehicleDocuments, type VehicleDocument } from "~/server/data/vehicle-documents.server";
import { listPriceChanges, type PriceChange } from "~/server/data/vehicle-price-changes.server";
import {
  deleteVehicle,
  findVehicle,
  insertVehicle,
  listVehicles,
  setVehicleStatus,
  updateVehicle,
  vehicleIdsByStockNumber,
  vehicleImageKeyInUse,
  vehicleImageKeys,
  type VehicleInput,
} from "~/server/data/vehicles.server";
import type { Staff } from "~/server/http/staff-request.server";
import type { Vehicle, VehicleStatus } from "~/shared/types/vehicle";
import { renderBuyersGuide } from "./buyers-guide-pdf.server";
import { buyersGuideTerms } from "./buyers-guide-terms";
import { BUYERS_GUIDE_TEXT_VERSION, type BuyersGuideLanguage } from "./buyers-guide-text";
import { renderMaWarranty } from "./ma-warranty-pdf.server";
import { MA_WARRANTY_TEXT_VERSION } from "./ma-warranty-text";
import { massachusettsWarranty } from "~/shared/lib/massachusetts-warranty";
import {
  ImageRejectedError,
  PUBLIC_IMAGES,
  removeImageFiles,
  storedImageSize,
  storeImage,
  type StoredImage,
} from "~/server/images/image-store.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { DATA_URL_PATTERN, STORED_KEY_PATTERN, STORED_URL_PATTERN, type VehicleFormOutput } from "./vehicle-schema";

export { ImageRejectedError };

/** Staff use cases on the stock (docs/behaviour.md §2 Vehicles, §5, §9): every change is audited. */

/** Every vehicle, newest first, for the Vehicles tab. */
export const listVehiclesForStaff = (ctx: AppContext) => listVehicles(ctx.db);

/** Stores one uploaded photo (validated by magic bytes and size) and returns its key, size and URL. */
export async function storeVehiclePhoto(ctx: AppContext, bytes: Buffer): Promise<StoredImage & { url: string }> {
  const stored = await storeImage(fileStoreFor(ctx), bytes);
  return { ...stored, url: `/images/${stored.key}-1200.jpg` };
}

/** Turns each image reference (stored key, stored URL or data URL) into a stored image. */
async function resolveImages(ctx: AppContext, images: string[]): Promise<VehicleInput["images"]> {
  const out: VehicleInput["images"] = [];
  for (const image of images) {
    const key = STORED_KEY_PATTERN.test(image) ? image : STORED_URL_PATTERN.exec(image)?.[1];
    if (key) {
      const size = await storedImageSize(fileStoreFor(ctx), PUBLIC_IMAGES, key);
      if (!size) throw new ImageRejectedError("Unknown photo");
      out.push({ key, ...size });
    } else if (DATA_URL_PATTERN.test(image)) {
      const stored = await storeImage(fileStoreFor(ctx), Buffer.from(image.slice(image.indexOf(",") + 1), "base64"));
      out.push(stored);
    } else {
      throw new ImageRejectedError("Unrecognised photo");
    }
  }
  return out;
}

async function toInput(ctx: AppContext, form: VehicleFormOutput): Promise<VehicleInput> {
  const { images, ...fields } = form;
  return { ...fields, images: await resolveImages(ctx, images) };
}

/** Creates a vehicle and records it in the audit log. */
export async function createVehicle(ctx: AppContext, staff: Staff, form: VehicleFormOutput): Promise<string> {
  await assertStockNumberFree(ctx, form.stockNumber, null);
  const id = await insertVehicle(ctx.db, await toInput(ctx, form));
  await insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action: "create", entity: "vehicle", entityId: id });
  return id;
}

/** Replaces a vehicle; false when it does not exist. The files of photos it no longer shows go, unless another vehicle shows them. */
export async function editVehicle(ctx: AppContext, staff: Staff, id: string, form: VehicleFormOutput): Promise<boolean> {
  await assertStockNumberFree(ctx, form.stockNumber, id);
  const input = await toInput(ctx, form);
  const before = await vehicleImageKeys(ctx.db, id);
  const ok = await updateVehicle(ctx.db, id, input);
  if (!ok) return false;
  await insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action: "update", entity: "vehicle", entityId: id });
  const kept = new Set(input.images.map((image) => image.key));
  await removeUnusedVehiclePhotos(
    ctx,
    before.filter((key) => !kept.has(key)),
    id,
  );
  return true;
}

/**
 * Deletes a vehicle and then the files of its photos, each unless another vehicle shows the same image
 * (files are named by content); false when it does not exist. On several processes the files are in the
 * one bucket, so the vehicle's photos are gone from every process (decision 120).
 */
export async function removeVehicle(ctx: AppContext, staff: Staff, id: string): Promise<boolean> {
  const keys = await vehicleImageKeys(ctx.db, id);
  const ok = await deleteVehicle(ctx.db, id);
  if (!ok) return false;
  await insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action: "delete", entity: "vehicle", entityId: id });
  await removeUnusedVehiclePhotos(ctx, keys, id);
  return true;
}

/**
 * Removes the public files of photos no vehicle shows any more. The vehicle's change is committed either
 * way: a file the store could not remove now is only space, and the daily sweep takes it (decision 123).
 */
async function removeUnusedVehiclePhotos(ctx: AppContext, keys: string[], vehicleId: string): Promise<void> {
  try {
    for (const key of new Set(keys)) {
      if (!(await vehicleImageKeyInUse(ctx.db, key))) await removeImageFiles(fileStoreFor(ctx), PUBLIC_IMAGES, key);
    }
  } catch (error) {
    ctx.logger.warn({ err: { message: (error as Error).message }, vehicleId }, "vehicle photo files could not be removed");
  }
}

/** Marks a vehicle available, pending or sold (sold ones leave the site); false when it does not exist. */
export async function changeVehicleStatus(ctx: AppContext, staff: Staff, id: string, status: VehicleStatus): Promise<boolean> {
  const ok = await setVehicleStatus(ctx.db, id, status);
  if (ok) {
    await insertAuditEntry(ctx.db, {
      actor: staff.actor,
      accountId: staff.id,
      action: `status-${status}`,
      entity: "vehicle",
      entityId: id,
    });
  }
  return ok;
}

/** A vehicle's recorded price changes, oldest first. */
export async function vehiclePriceHistory(ctx: AppContext, id: string): Promise<PriceChange[]> {
  return listPriceChanges(ctx.db, id);
}

/** The stock number is another vehicle's: stock numbers are unique. */
export class StockNumberTakenError extends Error {}

/** Throws StockNumberTakenError when `stockNumber` belongs to a vehicle other than `id`. */
export async function assertStockNumberFree(ctx: AppContext, stockNumber: string | null | undefined, id: string | null): Promise<void> {
  if (!stockNumber) return;
  const owner = (await vehicleIdsByStockNumber(ctx.db, [stockNumber])).get(stockNumber);
  if (owner && owner !== id) throw new StockNumberTakenError("This stock number belongs to another vehicle");
}

const sha256 = (data: string | Uint8Array) => crypto.createHash("sha256").update(data).digest("hex");
const fileLabel = (vehicle: Vehicle) => (vehicle.stockNumber ?? vehicle.vin).replace(/[^A-Za-z0-9-]/g, "");

/**
 * Archives a document handed out for a vehicle (decision 060): which wording version, the terms
 * printed (JSON, with their hash), the PDF's hash, who and when. The archive keeps what was said,
 * not the bytes: re-rendering from the terms gives the same text.
 */
async function archive(
  ctx: AppContext,
  staff: Staff,
  vehicle: Vehicle,
  kind: "buyers_guide" | "ma_warranty",
  language: BuyersGuideLanguage,
  textVersion: string,
  terms: object,
  bytes: Uint8Array,
) {
  const json = JSON.stringify(terms);
  await insertVehicleDocument(ctx.db, {
    vehicleId: vehicle.id,
    vin: vehicle.vin,
    kind,
    language,
    textVersion,
    terms: json,
    termsHash: sha256(json),
    pdfSha256: sha256(bytes),
    actor: staff.actor,
    accountId: staff.id,
  });
}

/** The FTC Buyers Guide PDF of a vehicle in English or Spanish, archived; null when there is no such vehicle. */
export async function vehicleBuyersGuide(
  ctx: AppContext,
  staff: Staff,
  id: string,
  language: BuyersGuideLanguage,
): Promise<{ bytes: Uint8Array; filename: string } | null> {
  const vehicle = await findVehicle(ctx.db, id);
  if (!vehicle) return null;
  const bytes = await renderBuyersGuide(vehicle, language);
  const terms = {
    ...buyersGuideTerms(vehicle, language),
    manufacturerWarrantyApplies: vehicle.manufacturerWarrantyApplies,
    price: vehicle.price,
    mileage: vehicle.mileage,
  };
  await archive(ctx, staff, vehicle, "buyers_guide", language, BUYERS_GUIDE_TEXT_VERSION, terms, bytes);
  return { bytes, filename: `buyers-guide-${fileLabel(vehicle)}-${language}.pdf` };
}

/**
 * The Massachusetts written warranty (c. 90 §7N¼) of a vehicle, archived: null when there is no
 * such vehicle, "not-covered" when the statute requires none for its price and mileage.
 */
export async function vehicleMaWarranty(
  ctx: AppContext,
  staff: Staff,
  id: string,
  language: BuyersGuideLanguage,
): Promise<{ bytes: Uint8Array; filename: string } | "not-covered" | null> {
  const vehicle = await findVehicle(ctx.db, id);
  if (!vehicle) return null;
  const bytes = await renderMaWarranty(vehicle, language);
  if (!bytes) return "not-covered";
  const terms = { statutory: massachusettsWarranty(vehicle.price, vehicle.mileage), price: vehicle.price, mileage: vehicle.mileage };
  await archive(ctx, staff, vehicle, "ma_warranty", language, MA_WARRANTY_TEXT_VERSION, terms, bytes);
  return { bytes, filename: `ma-warranty-${fileLabel(vehicle)}-${language}.pdf` };
}

/** The guides and warranties printed for a vehicle, newest first. */
export async function vehicleDocuments(ctx: AppContext, id: string): Promise<VehicleDocument[]> {
  return listVehicleDocuments(ctx.db, id);
}
