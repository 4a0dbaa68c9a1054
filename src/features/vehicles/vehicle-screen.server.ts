import { data } from "react-router";
import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import type { FormLimits } from "~/server/http/form-post.server";
import { inFlightBodyLimit } from "~/server/http/in-flight-body-limit.server";
import type { VehicleDocument } from "~/server/data/vehicle-documents.server";
import type { Staff } from "~/server/http/staff-request.server";
import { FIX_FIELDS, formFields, staffFormFailure, staffFormSuccess } from "~/server/http/staff-form.server";
import { ImageWorkBusyError, MAX_IMAGE_BYTES } from "~/server/images/image-store.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { dealerToday } from "~/shared/lib/dealer-clock";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { isValidVin, VIN_LENGTH } from "~/shared/lib/vin";
import { canEditVehicles } from "~/shared/staff/staff-roles";
import type { StaffFormError, StaffFormSuccess } from "~/shared/staff/staff-form-result";
import type { Vehicle } from "~/shared/types/vehicle";
import { uuidField } from "~/shared/validation/fields";
import {
  createVehicle,
  editVehicle,
  findVehicleForStaff,
  ImageRejectedError,
  StockNumberTakenError,
  storeVehiclePhoto,
  vehicleDocuments,
  vehiclePriceHistory,
  WarrantyRefusedError,
} from "./vehicle-editing.server";
import { readVehicleForm, vehicleFormEcho, vehicleSchemaInput, type VehicleFormValues } from "./vehicle-form-data";
import { MAX_PHOTOS_PER_UPLOAD, vehicleEditSchema, vehicleSchema } from "./vehicle-schema";
import { daysInStock } from "./vehicles-screen-form";
import { vinDecoderFor } from "./vin-decoder.server";
import { mapVinDecode, type VinLookupResult } from "./vin-mapping";

const MB = 1024 * 1024;
/**
 * A vehicle form's post. With JavaScript the photos are resized in the browser and uploaded one at a
 * time before the form is saved (POST /api/admin/photos), so the post is a few kilobytes; without it
 * they come with the form at full size (multipart), up to 25 files of at most 15 MB each and 64 MB in
 * all (about a dozen phone photos), each through the server's image checks (decision 105).
 */
export const VEHICLE_FORM_MAX_BYTES = 64 * MB;
export const VEHICLE_FORM_LIMITS: FormLimits = {
  maxBytes: VEHICLE_FORM_MAX_BYTES,
  // The form's fields, a hidden key per photo (60), the catalogue's boxes (71, twice) and the systems.
  maxFields: 400,
  // A description of 5,000 characters, each up to 9 bytes percent-encoded.
  maxFieldBytes: 48 * 1024,
  // One more than an upload takes, so a 26th photo gets its message by the field; a 27th is refused unread.
  maxFiles: MAX_PHOTOS_PER_UPLOAD + 1,
  maxFileBytes: MAX_IMAGE_BYTES,
};

/** One bound per process on the vehicle forms' bodies in memory at once (a burst of full-size photo posts). */
export const vehicleFormInFlightLimit = inFlightBodyLimit({
  maxBytes: 256 * MB,
  bodyLimitBytes: VEHICLE_FORM_MAX_BYTES,
  unknownLengthBytes: 2 * MB,
  message: "The server is busy. Please try again in a moment.",
});

const isUuid = (id: string) => uuidField().safeParse(id).success;

const forbidden = () => data<StaffFormError>({ error: staffMessagesFor().lot.forbidden }, { status: 403 });

export type PriceChangeRow = { oldPrice: number; newPrice: number; changedAt: string };
export type DocumentRow = Pick<VehicleDocument, "id" | "kind" | "language" | "textVersion" | "actor" | "createdAt">;

export type VehicleScreenData = {
  vehicle: Vehicle;
  name: string;
  canEdit: boolean;
  /** The dealership's date: the form's date in stock for a new vehicle. */
  today: string;
  daysInStock: number;
  priceHistory: PriceChangeRow[];
  documents: DocumentRow[];
};

/**
 * /podium/vehicles/{id} (docs/behaviour.md §2 Staff app, §14): the vehicle with every field, its price
 * history and its printed documents (the same use cases as GET /api/admin/vehicles/{id}/price-history
 * and …/documents); 404 for an unknown id.
 */
export async function vehicleScreen(ctx: AppContext, staff: Staff, id: string, now = new Date()): Promise<VehicleScreenData> {
  const vehicle = isUuid(id) ? await findVehicleForStaff(ctx, id) : null;
  if (!vehicle) throw data<StaffFormError>({ error: "Not found" }, { status: 404 });
  const [history, documents] = await Promise.all([vehiclePriceHistory(ctx, id), vehicleDocuments(ctx, id)]);
  const today = dealerToday(now);
  return {
    vehicle,
    name: staffVehicleName(vehicle),
    canEdit: canEditVehicles(staff.role),
    today,
    daysInStock: daysInStock(vehicle.dateInStock, today),
    priceHistory: history.map(({ oldPrice, newPrice, changedAt }) => ({ oldPrice, newPrice, changedAt })),
    documents: documents.map(({ id: documentId, kind, language, textVersion, actor, createdAt }) => ({
      id: documentId,
      kind,
      language,
      textVersion,
      actor,
      createdAt,
    })),
  };
}

/** /podium/vehicles/new: owners and sales only (finance reads the lot), 403 otherwise. */
export function newVehicleScreen(staff: Staff, now = new Date()): { today: string } {
  if (!canEditVehicles(staff.role)) throw forbidden();
  return { today: dealerToday(now) };
}

/** The form's key: its answers carry it (decision 101). */
export const VEHICLE_FORM = "vehicle";

/** A VIN decoded into the form (intent "decode"): the fields it filled, and the form as it now reads. */
export type VehicleDecodeAnswer = StaffFormSuccess & { decoded: VinLookupResult; values: Record<string, string> };

/** The form as it reads with a decode's values in (the description only where none was written). */
function withDecoded(values: VehicleFormValues, decoded: VinLookupResult): VehicleFormValues {
  return {
    ...values,
    year: String(decoded.year),
    make: decoded.make,
    model: decoded.model,
    bodyStyle: decoded.bodyStyle || values.bodyStyle,
    drivetrain: decoded.drivetrain || values.drivetrain,
    transmission: decoded.transmission || values.transmission,
    fuelType: decoded.fuelType ?? values.fuelType,
    description: values.description || decoded.description,
  };
}

/** Each posted photo file (the no-JavaScript path) through the image pipeline, in order: its key, or why not. */
async function storePostedPhotos(ctx: AppContext, files: File[]): Promise<{ keys: string[]; problem: string | null }> {
  const f = staffMessagesFor().staff.vehicleForm;
  const keys: string[] = [];
  for (const file of files) {
    try {
      keys.push((await storeVehiclePhoto(ctx, Buffer.from(await file.arrayBuffer()))).key);
    } catch (error) {
      if (error instanceof ImageRejectedError) return { keys, problem: f.photoRejected(file.name.slice(0, 100) || "photo", error.message) };
      throw error;
    }
  }
  return { keys, problem: null };
}

/**
 * The vehicle form's posts (docs/behaviour.md §5 Vehicle form), to /podium/vehicles/new (`id` null) or
 * /podium/vehicles/{id}:
 *   - "decode": the VIN looked up offline (GET /api/admin/vin/{vin}'s decoder), its values put in the form;
 *   - "save": the form through the one vehicle schema and the use case of POST /api/admin/vehicles (new)
 *     or PATCH /api/admin/vehicles/{id}. Photos come as keys the browser uploaded, or (without
 *     JavaScript) as files, stored first through the image pipeline so a refused form keeps them.
 * Owners and sales only, as the API.
 */
export async function vehicleScreenAction(ctx: AppContext, request: Request, staff: Staff, id: string | null, form: FormData) {
  const m = staffMessagesFor();
  const f = m.staff.vehicleForm;
  const v = m.staff.validation;
  if (!canEditVehicles(staff.role)) return staffFormFailure(403, m.lot.forbidden);
  if (id !== null && !isUuid(id)) return staffFormFailure(404, "Not found", { intent: VEHICLE_FORM });
  const fields = formFields(form);
  const values = readVehicleForm(form);
  const refuse = (status: number, error: string, fieldErrors?: Record<string, string>, echoed: VehicleFormValues = values) =>
    staffFormFailure(status, error, { intent: VEHICLE_FORM, fieldErrors, input: vehicleFormEcho(echoed) });

  if (fields.intent === "decode") {
    const vin = values.vin.trim();
    if (vin.length !== VIN_LENGTH) return refuse(400, FIX_FIELDS, { vin: v.vinLength });
    if (!isValidVin(vin)) return refuse(400, FIX_FIELDS, { vin: /[IOQ]/.test(vin) ? v.vinLetters : v.vinCheckDigit });
    const raw = await vinDecoderFor(ctx.env.vpicCacheDir).decode(vin);
    if (!raw) return refuse(422, f.lookupNotDecoded, { vin: f.lookupNotDecoded });
    const decoded = mapVinDecode(raw);
    const answer: VehicleDecodeAnswer = {
      ok: true,
      intent: VEHICLE_FORM,
      toast: f.lookupSuccessText,
      decoded,
      values: vehicleFormEcho(withDecoded({ ...values, vin }, decoded)),
    };
    return answer;
  }

  // Files chosen without JavaScript: stored first (content-addressed), so a refusal keeps them in the form.
  const files = form.getAll("photos").filter((file): file is File => typeof file !== "string" && file.size > 0);
  const fieldErrors: Record<string, string> = {};
  let saved = values;
  if (files.length > MAX_PHOTOS_PER_UPLOAD) {
    fieldErrors.images = f.tooManyText;
  } else if (files.length > 0) {
    try {
      const stored = await storePostedPhotos(ctx, files);
      saved = { ...values, images: [...values.images, ...stored.keys.filter((key) => !values.images.includes(key))] };
      if (stored.problem) fieldErrors.images = stored.problem;
    } catch (error) {
      if (error instanceof ImageWorkBusyError) return refuse(503, f.photosBusy);
      throw error;
    }
  }
  const parsed = (id ? vehicleEditSchema : vehicleSchema).safeParse(vehicleSchemaInput(saved));
  if (!parsed.success || Object.keys(fieldErrors).length > 0)
    return refuse(400, FIX_FIELDS, { ...(parsed.success ? {} : fieldErrorsOf(parsed.error)), ...fieldErrors }, saved);
  try {
    if (id === null) {
      const created = await createVehicle(ctx, staff, parsed.data);
      return staffFormSuccess(ctx, request, { intent: VEHICLE_FORM, toast: m.staff.vehicles.added, moveTo: `/podium/vehicles/${created}` });
    }
    if (!(await editVehicle(ctx, staff, id, parsed.data))) return refuse(404, f.notFound);
    return staffFormSuccess(ctx, request, { intent: VEHICLE_FORM, toast: m.staff.vehicles.updated });
  } catch (error) {
    if (error instanceof ImageRejectedError) return refuse(400, FIX_FIELDS, { images: error.message }, saved);
    if (error instanceof StockNumberTakenError) return refuse(400, FIX_FIELDS, { stockNumber: error.message }, saved);
    if (error instanceof WarrantyRefusedError) return refuse(400, FIX_FIELDS, error.fieldErrors, saved);
    throw error;
  }
}
