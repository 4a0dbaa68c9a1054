import crypto from "node:crypto";
import type { Db } from "~/server/db/database.server";
import { photoFromKey } from "~/server/images/image-urls.server";
import type { Vehicle } from "~/shared/types/vehicle";

/** Fields a vehicle is created or replaced with; images are already-stored image keys in order. */
export type VehicleInput = Omit<Vehicle, "id" | "images" | "photos" | "createdAt" | "updatedAt"> & {
  images: { key: string; width: number; height: number }[];
};

type VehicleRow = Omit<Vehicle, "features" | "images" | "photos"> & { features: string };

/** Adds photo URLs to vehicle rows with one image query (all images when `allVehicles`). */
async function withPhotos(db: Db, rows: VehicleRow[], allVehicles = false): Promise<Vehicle[]> {
  if (rows.length === 0) return [];
  let query = db.selectFrom("vehicleImages").select(["vehicleId", "imageKey", "width", "height"]);
  if (!allVehicles) query = query.where("vehicleId", "in", rows.map((r) => r.id));
  const images = await query.orderBy("vehicleId").orderBy("position").execute();
  const byVehicle = new Map<string, typeof images>();
  for (const image of images) {
    const list = byVehicle.get(image.vehicleId) ?? [];
    list.push(image);
    byVehicle.set(image.vehicleId, list);
  }
  return rows.map((row) => {
    const photos = (byVehicle.get(row.id) ?? []).map((i) => photoFromKey(i.imageKey, i.width, i.height));
    return { ...row, features: JSON.parse(row.features) as string[], photos, images: photos.map((p) => p.src) };
  });
}

/** Every vehicle, newest first, with photo URLs. */
export async function listVehicles(db: Db): Promise<Vehicle[]> {
  const rows = await db.selectFrom("vehicles").selectAll().orderBy("createdAt", "desc").orderBy("id").execute();
  return withPhotos(db, rows, true);
}

/** One vehicle by id, or null. */
export async function findVehicle(db: Db, id: string): Promise<Vehicle | null> {
  const row = await db.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [vehicle] = await withPhotos(db, [row]);
  return vehicle ?? null;
}

/**
 * The stock version: vehicle count + latest change time. Pages and API answers built from the
 * stock are cached per version, so every vehicle write must move it: deletes change the count,
 * inserts and updates set a change time later than every stored one (`nextChangeTime`).
 */
export async function vehiclesVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom("vehicles")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("updatedAt").as("latest")])
    .executeTakeFirstOrThrow();
  return `${row.count}:${row.latest ?? ""}`;
}

/**
 * A change time strictly later than every stored one. Two writes in the same millisecond, or a
 * clock stepping back, would otherwise leave `vehiclesVersion` unchanged and a cached page stale.
 */
export async function nextChangeTime(db: Db, now: Date): Promise<string> {
  const row = await db
    .selectFrom("vehicles")
    .select((eb) => eb.fn.max("updatedAt").as("latest"))
    .executeTakeFirst();
  const latest = row?.latest ? Date.parse(row.latest) : 0;
  return new Date(Math.max(now.getTime(), latest + 1)).toISOString();
}

/** The vehicles row for an input: every column but id and timestamps. */
function vehicleColumns({ images: _images, features, ...fields }: VehicleInput) {
  return { ...fields, features: JSON.stringify(features) };
}

/** Image rows of a vehicle, in order (position 0 is the cover). */
function imageRows(vehicleId: string, images: VehicleInput["images"]) {
  return images.map((image, position) => ({ vehicleId, position, imageKey: image.key, width: image.width, height: image.height }));
}

/** Inserts a vehicle and its images in one transaction; returns the new id. */
export async function insertVehicle(db: Db, input: VehicleInput, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("vehicles")
      .values({ id, ...vehicleColumns(input), createdAt: now.toISOString(), updatedAt: await nextChangeTime(trx, now) })
      .execute();
    if (input.images.length > 0) {
      await trx
        .insertInto("vehicleImages")
        .values(imageRows(id, input.images))
        .execute();
    }
  });
  return id;
}

/** Replaces a vehicle's fields and images; false when no such vehicle. */
export async function updateVehicle(db: Db, id: string, input: VehicleInput, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("vehicles")
      .set({ ...vehicleColumns(input), updatedAt: await nextChangeTime(trx, now) })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.deleteFrom("vehicleImages").where("vehicleId", "=", id).execute();
    if (input.images.length > 0) {
      await trx
        .insertInto("vehicleImages")
        .values(imageRows(id, input.images))
        .execute();
    }
    return true;
  });
}

/** Deletes a vehicle (its image rows cascade); false when no such vehicle. */
export async function deleteVehicle(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("vehicles").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many vehicles are stored. */
export async function countVehicles(db: Db): Promise<number> {
  const row = await db.selectFrom("vehicles").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
