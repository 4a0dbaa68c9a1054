import type { Db } from "~/server/db/database.server";

export type VisitInput = { page: string; userAgent: string | null; referrer: string | null; visitorKey: string };

/** Records one page view. */
export async function insertVisit(db: Db, visit: VisitInput, at = new Date()): Promise<void> {
  await db
    .insertInto("visitors")
    .values({ ...visit, timestamp: at.toISOString() })
    .execute();
}

/** Page views per page, most visited first. */
export async function pageViewCounts(db: Db): Promise<{ page: string; count: number }[]> {
  const rows = await db
    .selectFrom("visitors")
    .select((eb) => ["page", eb.fn.countAll<number>().as("count")])
    .groupBy("page")
    .orderBy("count", "desc")
    .orderBy("page")
    .execute();
  return rows.map((r) => ({ page: r.page, count: Number(r.count) }));
}

/** Distinct visitors seen since `since`. */
export async function countActiveVisitors(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom("visitors")
    .select((eb) => eb.fn.count<number>("visitorKey").distinct().as("n"))
    .where("timestamp", ">=", since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Page views per day (yyyy-MM-dd, UTC) since `since`. */
export async function dailyPageViews(db: Db, since: Date): Promise<{ day: string; count: number }[]> {
  const rows = await db
    .selectFrom("visitors")
    .select((eb) => [eb.fn<string>("substr", ["timestamp", eb.val(1), eb.val(10)]).as("day"), eb.fn.countAll<number>().as("count")])
    .where("timestamp", ">=", since.toISOString())
    .groupBy("day")
    .orderBy("day")
    .execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}
