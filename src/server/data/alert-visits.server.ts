import type { Db } from "~/server/db/database.server";

/** A page visit from an alert mail's link: when, which page, which kind of alert. */
export async function insertAlertVisit(db: Db, visit: { path: string; campaign: string | null }, now: Date): Promise<void> {
  await db
    .insertInto("alertVisits")
    .values({ at: now.toISOString(), path: visit.path.slice(0, 300), campaign: visit.campaign?.slice(0, 40) ?? null })
    .execute();
}

/** Visits from alert links since `since`, in all and by kind of alert. */
export async function countAlertVisits(db: Db, since: Date): Promise<{ total: number; byCampaign: Record<string, number> }> {
  const rows = await db
    .selectFrom("alertVisits")
    .select(["campaign", (eb) => eb.fn.countAll<number>().as("n")])
    .where("at", ">=", since.toISOString())
    .groupBy("campaign")
    .execute();
  const byCampaign: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    total += Number(row.n);
    byCampaign[row.campaign ?? "unknown"] = Number(row.n);
  }
  return { total, byCampaign };
}
