import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { insertService } from "~/server/data/services.server";
import { insertVehicle, type VehicleInput } from "~/server/data/vehicles.server";
import type { Db } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/database.server";
import { storeImage } from "~/server/images/image-store.server";
import { DEMO_SERVICES } from "~/server/seed/demo-catalogue.server";
import { openDatabaseForDataDir } from "./test-server";
import { fileStoreForDataDir } from "./test-storage";

/** A blue 1200 × 900 JPEG: a vehicle is only listed with a photo. */
export const testPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 80, b: 160 } } })
    .jpeg()
    .toBuffer();

/** The 2019 Honda Civic of civicDataDir, without its photos (insertVehicle's fields). */
export const CIVIC_2019: Omit<VehicleInput, "images"> = {
  year: 2019,
  make: "Honda",
  model: "Civic",
  price: 18995,
  mileage: 42000,
  transmission: "Automatic",
  drivetrain: "FWD",
  bodyStyle: "Sedan",
  exteriorColor: "Blue",
  vin: "2HGFC2F59KH512345",
  stockNumber: "F1234",
  features: [],
  description: null,
};

/**
 * A DATA_DIR (and, on PostgreSQL, its database) holding one listed 2019 Honda Civic, and the demo
 * services when `services` is set, written through the data modules: quicker than the
 * photo-seeded template on a busy machine. `photo: false` leaves the car without one (not listed).
 * `more` adds rows to the same database before it closes.
 */
export async function civicDataDir(options: {
  prefix: string;
  services?: boolean;
  photo?: boolean;
  more?: (db: Db, dir: string) => Promise<void>;
}): Promise<{ dir: string; vehicleId: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dealership-${options.prefix}-`));
  const { db } = await openDatabaseForDataDir(dir);
  try {
    await migrateToLatest(db);
    if (options.services) for (const [position, service] of DEMO_SERVICES.entries()) await insertService(db, service, position);
    const vehicleId = await insertVehicle(db, {
      ...CIVIC_2019,
      images: options.photo === false ? [] : [await storeImage(await fileStoreForDataDir(dir), await testPhoto())],
    });
    await options.more?.(db, dir);
    return { dir, vehicleId };
  } finally {
    await db.destroy();
  }
}
