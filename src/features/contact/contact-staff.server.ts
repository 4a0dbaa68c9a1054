import type { AppContext } from "~/server/context.server";
import { deleteContactSubmission, listContactSubmissions, type ContactSubmission } from "~/server/data/contact-submissions.server";
import { findVehicleNames } from "~/server/data/vehicles.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";

/** The vehicle a message asks about, when it still exists: named and linked in the Messages tab. */
export type MessageVehicle = { year: number; make: string; model: string; path: string };

/** A message for staff (spec §2 Messages). `vehiclePath` repeats `vehicle.path` for older clients. */
export type StaffMessage = ContactSubmission & { vehicle: MessageVehicle | null; vehiclePath: string | null };

/** Every message, newest first, with the vehicles they ask about (only those vehicles are read). */
export async function listMessages(ctx: AppContext): Promise<StaffMessage[]> {
  const messages = await listContactSubmissions(ctx.db);
  const ids = [...new Set(messages.flatMap((m) => (m.vehicleId ? [m.vehicleId] : [])))];
  const vehicles = new Map(
    (await findVehicleNames(ctx.db, ids)).map((v) => [v.id, { year: v.year, make: v.make, model: v.model, path: vehiclePath(v) }]),
  );
  return messages.map((m) => {
    const vehicle = (m.vehicleId && vehicles.get(m.vehicleId)) || null;
    return { ...m, vehicle, vehiclePath: vehicle?.path ?? null };
  });
}

/** Deletes one message; false when there is no such message. */
export async function deleteMessage(ctx: AppContext, id: string): Promise<boolean> {
  return deleteContactSubmission(ctx.db, id);
}
