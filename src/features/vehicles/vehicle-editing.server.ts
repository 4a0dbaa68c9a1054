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
  listVehiclesPage,
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
import { renderMaWarranty, renderRightsNotice, vehicleWarrantyTerms } from "./ma-warranty-pdf.server";
import { MA_WARRANTY_TEXT_VERSION } from "./ma-warranty-text";
import {
  ImageRejectedError,
  PUBLIC_IMAGES,
  removeImageFiles,
  storedImageSize,
  storeImage,
  type StoredImage,
} from "~/server/images/image-store.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { DATA_URL_PATTERN, STORED_KEY_PATTERN, STORED_URL_PATTERN, warrantyLawIssues, type VehicleFormOutput } from "./vehicle-schema";
import { defaultWarrantyType } from "~/shared/lib/massachusetts-warranty";
import { readDealSettings } from "~/server/data/deal-settings.server";

export { ImageRejectedError };

/** Staff use cases on the stock (docs/behaviour.md §2 Vehicles, §5, §9): every change is audited. */

/** Every vehicle, newest first, for the Vehicles list. */
export const listVehiclesForStaff = (ctx: AppContext) => listVehicles(ctx.db);

/** One page of the lot as the staff list's address filters and orders it (decision 128), with the counts. */
export const listVehiclePageForStaff = (ctx: AppContext, query: Parameters<typeof listVehiclesPage>[1]) => listVehiclesPage(ctx.db, query);

/** One vehicle with every field (sold ones too), for its staff page; null when there is none. */
export const findVehicleForStaff = (ctx: AppContext, id: string) => findVehicle(ctx.db, id);

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

/** The warranty breaks the law at the price the buyer pays (with the doc fee): a 400 with field messages. */
export class WarrantyRefusedError extends Error {
  constructor(readonly fieldErrors: Record<string, string>) {
    super("The warranty terms are below what Massachusetts law requires");
  }
}

/**
 * The law's check again on the server, with the settings' documentation fee in the price
 * (decision 091: §7N¼'s price is what the buyer must pay): a form that sets the warranty (its type
 * or its terms) is checked with the vehicle's other stored warranty field; one that leaves both out
 * changes neither.
 */
export async function assertWarrantyLawful(
  ctx: AppContext,
  form: Pick<VehicleFormOutput, "warrantyType" | "warrantyTerms"> & { price?: number; mileage?: number },
  current: Pick<Vehicle, "warrantyType" | "warrantyTerms" | "price" | "mileage"> | null,
): Promise<void> {
  if (form.warrantyType === undefined && form.warrantyTerms === undefined) return;
  const { docFee } = (await readDealSettings(ctx.db)).settings;
  const issues = warrantyLawIssues(
    {
      warrantyType: form.warrantyType ?? current?.warrantyType ?? "dealer",
      price: form.price ?? current?.price,
      mileage: form.mileage ?? current?.mileage,
      warrantyTerms: form.warrantyTerms !== undefined ? form.warrantyTerms : (current?.warrantyTerms ?? null),
    },
    docFee,
  );
  if (issues.length) throw new WarrantyRefusedError(Object.fromEntries(issues.map((i) => [i.path.join("."), i.message])));
}

/** Creates a vehicle and records it in the audit log. */
export async function createVehicle(ctx: AppContext, staff: Staff, form: VehicleFormOutput): Promise<string> {
  // No type chosen: the one the law asks for at this price (with the documentation fee, decision 091) and mileage.
  const { docFee } = (await readDealSettings(ctx.db)).settings;
  const warranty = {
    warrantyType: form.warrantyType ?? defaultWarrantyType(form.price + docFee, form.mileage),
    warrantyTerms: form.warrantyTerms ?? null,
  };
  await assertWarrantyLawful(ctx, { ...form, ...warranty }, null);
  await assertStockNumberFree(ctx, form.stockNumber, null);
  const id = await insertVehicle(ctx.db, await toInput(ctx, { ...form, ...warranty }));
  await insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action: "create", entity: "vehicle", entityId: id });
  return id;
}

/** Replaces a vehicle; false when it does not exist. The files of photos it no longer shows go, unless another vehicle shows them. */
export async function editVehicle(ctx: AppContext, staff: Staff, id: string, form: VehicleFormOutput): Promise<boolean> {
  await assertWarrantyLawful(ctx, form, await findVehicle(ctx.db, id));
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
  kind: "buyers_guide" | "ma_warranty" | "rights_notice",
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

/**
 * The FTC Buyers Guide PDF of a vehicle in English or Spanish, archived; null when there is no such
 * vehicle, "terms-missing" when it carries a voluntary dealer warranty whose terms were never chosen
 * (a row from before terms were structured: decision 091), which no guide may print blank.
 */
export async function vehicleBuyersGuide(
  ctx: AppContext,
  staff: Staff,
  id: string,
  language: BuyersGuideLanguage,
): Promise<{ bytes: Uint8Array; filename: string } | "terms-missing" | null> {
  const vehicle = await findVehicle(ctx.db, id);
  if (!vehicle) return null;
  const { settings } = await readDealSettings(ctx.db);
  const terms = buyersGuideTerms(vehicle, settings.docFee, language);
  if (terms.box === "dealer" && !terms.dealer) return "terms-missing";
  const bytes = await renderBuyersGuide(vehicle, language, {
    docFee: settings.docFee,
    complaintsContact: settings.complaintsContact,
    signatureLine: settings.buyersGuideSignatureLine,
  });
  const archived = {
    ...terms,
    manufacturerWarrantyApplies: vehicle.manufacturerWarrantyApplies,
    price: vehicle.price,
    docFee: settings.docFee,
    mileage: vehicle.mileage,
    complaintsContact: settings.complaintsContact,
    signatureLine: settings.buyersGuideSignatureLine,
  };
  await archive(ctx, staff, vehicle, "buyers_guide", language, BUYERS_GUIDE_TEXT_VERSION, archived, bytes);
  return { bytes, filename: `buyers-guide-${fileLabel(vehicle)}-${language}.pdf` };
}

/**
 * The Massachusetts written warranty (c. 90 §7N¼) of a vehicle, archived: null when there is no
 * such vehicle, "not-covered" when the statute requires none for its price (with the doc fee) and
 * mileage. Its terms are the Buyers Guide's (decision 091).
 */
export async function vehicleMaWarranty(
  ctx: AppContext,
  staff: Staff,
  id: string,
  language: BuyersGuideLanguage,
): Promise<{ bytes: Uint8Array; filename: string } | "not-covered" | null> {
  const vehicle = await findVehicle(ctx.db, id);
  if (!vehicle) return null;
  const { docFee } = (await readDealSettings(ctx.db)).settings;
  const bytes = await renderMaWarranty(vehicle, language, docFee);
  if (!bytes) return "not-covered";
  const terms = { ...vehicleWarrantyTerms(vehicle, docFee), price: vehicle.price, docFee, mileage: vehicle.mileage };
  await archive(ctx, staff, vehicle, "ma_warranty", language, MA_WARRANTY_TEXT_VERSION, terms, bytes);
  return { bytes, filename: `ma-warranty-${fileLabel(vehicle)}-${language}.pdf` };
}

/**
 * The notice of a Massachusetts buyer's rights (the implied warranty, the Lemon Aid right, the
 * written warranty or why none is required) for any vehicle, archived; null when there is no such
 * vehicle (decision 091).
 */
export async function vehicleRightsNotice(
  ctx: AppContext,
  staff: Staff,
  id: string,
  language: BuyersGuideLanguage,
): Promise<{ bytes: Uint8Array; filename: string } | null> {
  const vehicle = await findVehicle(ctx.db, id);
  if (!vehicle) return null;
  const { docFee } = (await readDealSettings(ctx.db)).settings;
  const bytes = await renderRightsNotice(vehicle, language, docFee);
  const terms = { ...vehicleWarrantyTerms(vehicle, docFee), price: vehicle.price, docFee, mileage: vehicle.mileage };
  await archive(ctx, staff, vehicle, "rights_notice", language, MA_WARRANTY_TEXT_VERSION, terms, bytes);
  return { bytes, filename: `ma-rights-notice-${fileLabel(vehicle)}-${language}.pdf` };
}

/** The guides and warranties printed for a vehicle, newest first. */
export async function vehicleDocuments(ctx: AppContext, id: string): Promise<VehicleDocument[]> {
  return listVehicleDocuments(ctx.db, id);
}
