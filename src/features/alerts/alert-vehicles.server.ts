import { readDealSettings } from "~/server/data/deal-settings.server";
import { findVehiclesByIds, listListedVehicleFacts, type ListedVehicleFacts } from "~/server/data/vehicles.server";
import type { Db } from "~/server/db/database.server";
import { advertisedPrice, toCents } from "~/shared/lib/deal-estimate";
import { similarVehicles } from "~/shared/lib/similar-vehicles";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { VehiclePhoto, VehicleStatus } from "~/shared/types/vehicle";

/**
 * A vehicle as the saved list, the alerts' pages and their mails show it: the advertised price, as on the
 * site. Its name is written in the reader's language by the one vehicle-name function (`vehicleName`,
 * src/shared/lib/vehicle-name.ts: "Honda Civic 2019" in Portuguese, as on the vehicle's page).
 */
export type AlertVehicle = {
  id: string;
  year: number;
  make: string;
  model: string;
  bodyStyle: string;
  /** Its page's path (English; localized by the caller). */
  path: string;
  /** Whole dollars, the documentation fee included (decision 066). */
  price: number;
  mileage: number;
  status: VehicleStatus;
  /** On the site: not sold and with a photo (decision 054). */
  listed: boolean;
  photo: VehiclePhoto | null;
};

/** The documentation fee in cents: the difference between a stock price and the advertised one. */
export async function docFeeCents(db: Db): Promise<number> {
  const { settings } = await readDealSettings(db);
  return toCents(advertisedPrice(0, settings));
}

/** The vehicles with these ids that still exist, in the order asked, with their advertised price. */
export async function alertVehicles(db: Db, ids: string[]): Promise<AlertVehicle[]> {
  if (!ids.length) return [];
  const { settings } = await readDealSettings(db);
  const found = new Map((await findVehiclesByIds(db, [...new Set(ids)])).map((v) => [v.id, v]));
  return ids.flatMap((id) => {
    const v = found.get(id);
    if (!v) return [];
    return [
      {
        id: v.id,
        year: v.year,
        make: v.make,
        model: v.model,
        bodyStyle: v.bodyStyle,
        path: vehiclePath(v),
        price: advertisedPrice(v.price, settings),
        mileage: v.mileage,
        status: v.status,
        listed: v.status !== "sold" && v.photos.length > 0,
        photo: v.photos[0] ?? null,
      },
    ];
  });
}

/** The listed vehicles' facts with their advertised prices. */
export async function listedVehicleFacts(db: Db): Promise<ListedVehicleFacts[]> {
  const fee = await docFeeCents(db);
  return (await listListedVehicleFacts(db)).map((v) => ({ ...v, price: (toCents(v.price) + fee) / 100 }));
}

/**
 * Three vehicles for sale like a sold one: the vehicle page's own pick (same body style or make, nearest
 * in price; src/shared/lib/similar-vehicles.ts), among the listed vehicles.
 */
export async function similarForSold(db: Db, sold: AlertVehicle): Promise<AlertVehicle[]> {
  const picked = similarVehicles(sold, await listedVehicleFacts(db));
  return alertVehicles(
    db,
    picked.map((v) => v.id),
  );
}
