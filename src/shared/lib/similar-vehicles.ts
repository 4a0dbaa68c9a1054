/** What picking similar vehicles needs of a vehicle. */
type Comparable = { id: string; make: string; bodyStyle: string; price: number; status: string };

export const SIMILAR_VEHICLE_COUNT = 3;

/**
 * Up to three available vehicles like `target`: the same body style or make, nearest in
 * price first (ties: same body style and make first, then the list's order). Used on every
 * vehicle page and on a sold vehicle's 410 page.
 */
export function similarVehicles<T extends Comparable>(
  target: Omit<Comparable, "status">,
  candidates: readonly T[],
  count = SIMILAR_VEHICLE_COUNT,
): T[] {
  const likeness = (v: T) => (v.bodyStyle === target.bodyStyle ? 1 : 0) + (v.make === target.make ? 1 : 0);
  return candidates
    .map((vehicle, index) => ({ vehicle, index, likeness: likeness(vehicle) }))
    .filter(({ vehicle, likeness }) => vehicle.id !== target.id && vehicle.status === "available" && likeness > 0)
    .sort(
      (a, b) =>
        Math.abs(a.vehicle.price - target.price) - Math.abs(b.vehicle.price - target.price) || b.likeness - a.likeness || a.index - b.index,
    )
    .slice(0, count)
    .map(({ vehicle }) => vehicle);
}
