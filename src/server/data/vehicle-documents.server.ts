import type { Db } from "~/server/db/database.server";
import type { VehicleDocumentTable } from "~/server/db/schema.server";

/** One archived Buyers Guide or Massachusetts warranty, as staff see it (decision 060). */
export type VehicleDocument = {
  id: number;
  kind: VehicleDocumentTable["kind"];
  language: VehicleDocumentTable["language"];
  textVersion: string;
  termsHash: string;
  pdfSha256: string;
  actor: string;
  createdAt: string;
};

export type VehicleDocumentInput = Omit<VehicleDocumentTable, "id" | "createdAt">;

/** Records that staff printed a document for a vehicle. */
export async function insertVehicleDocument(db: Db, input: VehicleDocumentInput, now = new Date()): Promise<void> {
  await db
    .insertInto("vehicleDocuments")
    .values({ ...input, createdAt: now.toISOString() })
    .execute();
}

/** A vehicle's archived documents, newest first. */
export async function listVehicleDocuments(db: Db, vehicleId: string): Promise<VehicleDocument[]> {
  return db
    .selectFrom("vehicleDocuments")
    .select(["id", "kind", "language", "textVersion", "termsHash", "pdfSha256", "actor", "createdAt"])
    .where("vehicleId", "=", vehicleId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}
