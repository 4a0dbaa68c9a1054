/** Postal code that is part of every vehicle path (docs/behaviour.md §9). */
export const VEHICLE_PATH_POSTAL_CODE = "01430";

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** One slug segment: lower-case, only letters/digits/spaces/hyphens, spaces to hyphens, hyphens collapsed. */
export function slugSegment(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-")
    .replace(/-+/g, "-");
}

/** The canonical path of a vehicle's page: /used-{year}-{make}-{model}-fitchburg-ma-01430-{id}. */
export function vehiclePath(vehicle: { id: string; year: number; make: string; model: string }): string {
  const slug = slugSegment(`used-${vehicle.year}-${vehicle.make}-${vehicle.model}-fitchburg-ma-${VEHICLE_PATH_POSTAL_CODE}`);
  return `/${slug}-${vehicle.id.toLowerCase()}`;
}

/** The vehicle's UUID read from the end of a path (query string and fragment ignored), or null. */
export function parseVehicleIdFromPath(path: string): string | null {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? "";
  const match = UUID_AT_END.exec(withoutQuery.replace(/\/+$/, ""));
  return match ? match[1]!.toLowerCase() : null;
}

/** Whether a top-level path looks like a vehicle page (starts with "used-"). */
export function isVehiclePathSlug(slug: string): boolean {
  return slug.startsWith("used-");
}
