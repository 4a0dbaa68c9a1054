import { vehicleName } from "./vehicle-name";

/**
 * The name staff screens and staff mails give a vehicle (English, as the staff app is): "2021 Honda Civic",
 * the same naming without the trim, which those screens show apart (the lot's list) or not at all. Its own
 * module so that the staff screens' use of it keeps it out of the chunk every public page loads.
 */
export const staffVehicleName = (v: { year: number; make: string; model: string }) =>
  vehicleName({ year: v.year, make: v.make, model: v.model }, "en");
