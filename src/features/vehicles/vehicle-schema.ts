import { z } from "zod";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { EXTERIOR_COLORS, FUEL_TYPES, VEHICLE_STATUSES, WARRANTY_TYPES } from "~/shared/types/vehicle";
import { formatNumber } from "~/shared/lib/format";
import { asIsAllowed, massachusettsWarranty } from "~/shared/lib/massachusetts-warranty";
import { statutoryShortfalls, WARRANTY_SYSTEMS, type DealerWarrantyTerms } from "~/shared/lib/warranty-terms";
import { canonicalFeatureName } from "~/shared/lib/vehicle-features";
import { isValidVin, VIN_LENGTH } from "~/shared/lib/vin";
import { isoDateField, requiredText, vinField, wholeDollars, withoutControlCharacters } from "~/shared/validation/fields";

const v = staffMessagesFor().staff.validation;

/** docs/behaviour.md §5 option lists. */
export const TRANSMISSIONS = ["Automatic", "Manual", "CVT", "Semi-Automatic"] as const;
/** The exterior colours: the one list in src/shared/types/vehicle.ts. */
export const COLORS = EXTERIOR_COLORS;
/** Drivetrain and body-style lists match the demo inventory and what VIN decoding maps onto. */
export const DRIVETRAINS = ["FWD", "RWD", "AWD", "4WD"] as const;
export const BODY_STYLES = ["Sedan", "SUV", "Truck", "Coupe", "Hatchback", "Convertible", "Wagon", "Van", "Minivan"] as const;

/** docs/behaviour.md §9: at most 25 photos per upload. */
export const MAX_PHOTOS_PER_UPLOAD = 25;
/** A vehicle keeps at most this many photos in total. */
export const MAX_PHOTOS_PER_VEHICLE = 60;

/**
 * Features are entered comma-separated: split, trimmed, empties dropped (docs/behaviour.md §5). A feature the
 * catalogue knows, by its key or a name in any language, reads as its English name (stored as its key).
 */
export function splitFeatures(text: string): string[] {
  return text
    .split(",")
    .map((f) => f.trim())
    .filter((f) => f.length > 0);
}

/**
 * The Spanish or Portuguese description: control characters dropped, trimmed, empty means none. Left
 * out of a request (an older client, a CSV without its column), it stays as it is, like the lot fields.
 */
const translatedDescription = () =>
  z
    .string()
    .overwrite(withoutControlCharacters)
    .trim()
    .max(5000)
    .nullable()
    .transform((d) => (d ? d : null))
    .optional();

/** A stored photo key (content hash), a stored photo URL, or a data URL (validated by the server). */
export const STORED_KEY_PATTERN = /^[0-9a-f]{32}$/;
export const STORED_URL_PATTERN = /^\/images\/([0-9a-f]{32})-1200\.jpg$/;
export const DATA_URL_PATTERN = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/;

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    // Decimal digits only (a fraction is read, then refused as not whole): Number() would also read "0x10", "1e3" or "+5".
    (value) =>
      typeof value === "string"
        ? value.trim() === ""
          ? undefined
          : /^\d+(?:\.\d+)?$/.test(value.trim())
            ? Number(value)
            : Number.NaN
        : value,
    z.number({ error: message }).int(v.wholeNumber).min(min, message).max(max, message),
  );

const optionOf = <T extends readonly [string, ...string[]]>(options: T, message: string) => z.enum(options, { error: message });

/**
 * Optional text of the lot fields: empty clears it (null); left out entirely, it stays as it is
 * (the key is absent from the output, so an edit or an import without that column keeps it).
 */
const optionalLotText = (max: number, message: string) =>
  z
    .string({ error: message })
    .overwrite(withoutControlCharacters)
    .trim()
    .max(max, message)
    .nullable()
    .transform((s) => (s ? s : null))
    .optional();

/** The lot's fields, optional everywhere: the dialog, the API and the CSV import. */
const lotFields = {
  stockNumber: optionalLotText(40, v.stockNumber),
  trim: optionalLotText(60, v.trim),
  // The form's "Not known" option sends "": stored as null, like an empty optional text.
  fuelType: z.preprocess((value) => (value === "" ? null : value), z.enum(FUEL_TYPES, { error: v.fuelType }).nullable()).optional(),
  status: z.enum(VEHICLE_STATUSES, { error: v.status }).optional(),
  dateInStock: isoDateField(v.dateInStock).optional(),
  warrantyType: z.enum(WARRANTY_TYPES, { error: v.warrantyType }).optional(),
  // The dealer warranty's own terms (decision 091); null: the Massachusetts statutory terms; left out: unchanged.
  warrantyTerms: z
    .object(
      {
        systems: z
          .array(z.enum(WARRANTY_SYSTEMS, { error: v.warrantySystems }), { error: v.warrantySystems })
          .min(1, v.warrantySystems)
          .transform((systems) => WARRANTY_SYSTEMS.filter((s) => systems.includes(s))),
        days: wholeNumber(v.warrantyDays, 1, 3650),
        // Blank: no mile limit.
        miles: z.preprocess(
          (value) => (value === "" || value === undefined ? null : value),
          wholeNumber(v.warrantyMiles, 1, 1_000_000).nullable(),
        ),
        laborPercent: wholeNumber(v.warrantyPercent, 0, 100),
        partsPercent: wholeNumber(v.warrantyPercent, 0, 100),
      },
      { error: v.warrantySystems },
    )
    .nullable()
    .optional(),
  manufacturerWarrantyApplies: z.boolean({ error: v.manufacturerWarranty }).optional(),
};

/** A vehicle's photos in order, at least `min` of them. */
const photoList = (min: number) =>
  z
    .array(
      z
        .string()
        .refine(
          (s) => STORED_KEY_PATTERN.test(s) || STORED_URL_PATTERN.test(s) || (s.length < 22_000_000 && DATA_URL_PATTERN.test(s)),
          v.images,
        ),
      { error: v.images },
    )
    .min(min, v.images)
    .max(MAX_PHOTOS_PER_VEHICLE)
    // Inline photos are one upload's worth at most (docs/behaviour.md §9: 25 per upload).
    .refine(
      (images) => images.filter((s) => s.startsWith("data:")).length <= MAX_PHOTOS_PER_UPLOAD,
      staffMessagesFor().staff.vehicleForm.tooManyText,
    );

/** From model year 1981 every VIN follows 49 CFR 565 (ISO 3779 with the North American check digit). */
export const STANDARD_VIN_FROM_YEAR = 1981;

/**
 * The VIN rules that depend on the year: a 1981-or-later VIN uses the VIN alphabet
 * (no I, O or Q, 49 CFR 565.14) and carries the check digit of 565.15 in position 9. Older vehicles'
 * serial numbers followed each maker's own scheme, so they keep only the 17-character rule.
 */
function checkVinAgainstYear(vehicle: { vin?: string; year?: number }, ctx: z.RefinementCtx) {
  const { vin, year } = vehicle;
  if (!vin || year === undefined || year < STANDARD_VIN_FROM_YEAR || vin.length !== VIN_LENGTH) return;
  if (/[IOQ]/.test(vin)) ctx.addIssue({ code: "custom", path: ["vin"], message: v.vinLetters });
  else if (!isValidVin(vin)) ctx.addIssue({ code: "custom", path: ["vin"], message: v.vinCheckDigit });
}

/** One way a vehicle's warranty breaks the law, on the field staff fix it in. */
export type WarrantyLawIssue = { path: (string | number)[]; message: string };

/**
 * The warranty the law lets the dealer put on the Buyers Guide (decisions 060 and 091). With the
 * profile in Massachusetts "as is" is refused outright (c. 106 §2-316A), "implied warranties only"
 * where the statute requires a written warranty (c. 90 §7N¼: $700 or more with the mandatory doc fee,
 * under 125,000 miles), and dealer terms that promise less than the statute's for the vehicle's band.
 * `docFee` is the doc fee the price is offered with; null where it is unknown (the dialog's own check):
 * then only what holds at any fee is checked, since a fee only raises the price. The server checks
 * again with the settings' fee. A row that leaves price or mileage out (a partial CSV update) is
 * checked on what it holds; the guide itself never prints less than the law (warrantyTermsFor).
 */
export function warrantyLawIssues(
  vehicle: { warrantyType?: string; price?: number; mileage?: number; warrantyTerms?: DealerWarrantyTerms | null },
  docFee: number | null,
): WarrantyLawIssue[] {
  const { warrantyType, price, mileage, warrantyTerms } = vehicle;
  if (asIsAllowed()) return [];
  if (warrantyType === "as_is") return [{ path: ["warrantyType"], message: v.warrantyAsIsForbidden }];
  if (price === undefined || mileage === undefined) return [];
  const required = massachusettsWarranty(price + (docFee ?? 0), mileage);
  if (required && warrantyType === "implied") {
    return [{ path: ["warrantyType"], message: v.warrantyDealerRequired(required.days, formatNumber(required.miles)) }];
  }
  if (required && warrantyTerms && warrantyType !== "implied") {
    return statutoryShortfalls(warrantyTerms, required).map((shortfall) => {
      switch (shortfall.kind) {
        case "use-or-safety":
          return { path: ["warrantyTerms", "systems"], message: v.warrantyUseOrSafety };
        case "days":
          return { path: ["warrantyTerms", "days"], message: v.warrantyDaysBelow(shortfall.required) };
        case "miles":
          return { path: ["warrantyTerms", "miles"], message: v.warrantyMilesBelow(formatNumber(shortfall.required)) };
        default:
          return {
            path: ["warrantyTerms", shortfall.field === "warrantyLaborPercent" ? "laborPercent" : "partsPercent"],
            message: v.warrantyPercentBelow,
          };
      }
    });
  }
  // A voluntary dealer warranty has no statutory terms to fall back on: it needs its own.
  if (!required && docFee !== null && warrantyType === "dealer" && warrantyTerms === null) {
    return [{ path: ["warrantyTerms", "systems"], message: v.warrantyTermsRequired }];
  }
  return [];
}

function checkWarrantyAgainstLaw(
  vehicle: { warrantyType?: string; price?: number; mileage?: number; warrantyTerms?: DealerWarrantyTerms | null },
  ctx: z.RefinementCtx,
) {
  for (const issue of warrantyLawIssues(vehicle, null)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}

/** Every rule that spans fields. */
function checkVehicle(
  vehicle: {
    vin?: string;
    year?: number;
    warrantyType?: string;
    price?: number;
    mileage?: number;
    warrantyTerms?: DealerWarrantyTerms | null;
  },
  ctx: z.RefinementCtx,
) {
  checkVinAgainstYear(vehicle, ctx);
  checkWarrantyAgainstLaw(vehicle, ctx);
}

/**
 * The Add Vehicle form's fields (docs/behaviour.md §5), shared by the dialog and POST /api/admin/vehicles (editing: vehicleEditSchema).
 * Features may arrive as comma-separated text (the form) or a list (the API, docs/behaviour.md §7).
 */
const vehicleFields = z.object({
  ...lotFields,
  vin: vinField(v.vinRequired, v.vinLength),
  year: wholeNumber(v.year, 1900, new Date().getFullYear() + 2),
  make: requiredText(v.make).pipe(z.string().max(60)),
  model: requiredText(v.model).pipe(z.string().max(80)),
  price: wholeDollars(v.price, 0, 10_000_000, v.wholeNumber),
  mileage: wholeNumber(v.mileage, 0, 2_000_000),
  transmission: optionOf(TRANSMISSIONS, v.transmission),
  drivetrain: requiredText(v.drivetrain).pipe(z.string().max(40)),
  bodyStyle: requiredText(v.bodyStyle).pipe(z.string().max(40)),
  exteriorColor: optionOf(COLORS, v.exteriorColor),
  features: z.preprocess(
    (value) =>
      typeof value === "string"
        ? splitFeatures(withoutControlCharacters(value))
        : Array.isArray(value)
          ? value.map((f) => (typeof f === "string" ? withoutControlCharacters(f).trim() : f)).filter((f) => f !== "")
          : value,
    z
      .array(z.string().max(100), { error: v.features })
      .min(1, v.features)
      .max(100)
      // Catalogue features by their English name, repeats dropped: an import compares them so.
      .transform((features) => [...new Set(features.map(canonicalFeatureName))]),
  ),
  description: z
    .string()
    .overwrite(withoutControlCharacters)
    .trim()
    .max(5000)
    .nullish()
    .transform((d) => (d ? d : null)),
  descriptionEs: translatedDescription(),
  descriptionPt: translatedDescription(),
  images: photoList(1),
});

/**
 * The Edit Vehicle form and PATCH /api/admin/vehicles/:id: the same, but a vehicle may be saved without
 * photos. Imported vehicles arrive without any, and staff set their price and status before the
 * photos are taken; a vehicle without a photo is simply not listed (decision 054). Adding a vehicle
 * still asks for one (docs/behaviour.md §5).
 */
export const vehicleSchema = vehicleFields.superRefine(checkVehicle);
export const vehicleEditSchema = vehicleFields.extend({ images: photoList(0) }).superRefine(checkVehicle);

export type VehicleFormInput = z.input<typeof vehicleSchema>;
export type VehicleFormOutput = z.output<typeof vehicleSchema>;

/** One CSV import row: the vehicle form without photos (imported vehicles get their photos later). */
const vehicleImportFields = vehicleFields.omit({ images: true });
export const vehicleImportSchema = vehicleImportFields.superRefine(checkVehicle);
/** A row for a VIN already in stock: only the columns it holds change (the VIN is its key). */
export const vehicleImportUpdateSchema = vehicleImportFields.partial().required({ vin: true }).superRefine(checkVehicle);
export type VehicleImportFields = z.output<typeof vehicleImportSchema>;

/** PATCH /api/admin/vehicles/:id/status: staff mark a vehicle pending or sold instead of deleting it. */
export const vehicleStatusSchema = z.object({ status: z.enum(VEHICLE_STATUSES) });
