import crypto from "node:crypto";
import type { Db } from "~/server/db/database.server";
import type { Service } from "~/shared/types/service";

/** The service menu in display order. */
export async function listServices(db: Db): Promise<Service[]> {
  const rows = await db.selectFrom("services").selectAll().orderBy("position").orderBy("name").execute();
  return rows.map(({ position: _position, ...row }) => ({
    ...row,
    availableDays: JSON.parse(row.availableDays) as Service["availableDays"],
    availableTimes: JSON.parse(row.availableTimes) as string[],
  }));
}

/** One service by id, or null. */
export async function findService(db: Db, id: string): Promise<Service | null> {
  const services = await listServices(db);
  return services.find((s) => s.id === id) ?? null;
}

/** Adds a service at the end of the menu; returns its id. */
export async function insertService(db: Db, service: Omit<Service, "id">, position: number): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("services")
    .values({
      id,
      name: service.name,
      description: service.description,
      duration: service.duration,
      price: service.price,
      availableDays: JSON.stringify(service.availableDays),
      availableTimes: JSON.stringify(service.availableTimes),
      position,
    })
    .execute();
  return id;
}

export async function countServices(db: Db): Promise<number> {
  const row = await db.selectFrom("services").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
