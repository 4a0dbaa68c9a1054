import type { AppContext } from "~/server/context.server";
import { countActiveVisitors, dailyPageViews, pageViewCounts } from "~/server/data/visitors.server";

/** docs/behaviour.md §9: active visitors are those seen in the last 5 minutes. */
export const ACTIVE_WINDOW_MS = 5 * 60 * 1000;
export const DAILY_DAYS = 30;

/** Page views per page, for the Visitor Reports tab. */
export const visitorStats = (ctx: AppContext) => pageViewCounts(ctx.db);

export async function activeVisitors(ctx: AppContext, now = new Date()): Promise<{ count: number }> {
  return { count: await countActiveVisitors(ctx.db, new Date(now.getTime() - ACTIVE_WINDOW_MS)) };
}

/** Page views per UTC day for the last 30 days, zero-filled so the chart has every day. */
export async function dailyVisitorStats(ctx: AppContext, now = new Date()): Promise<{ day: string; count: number }[]> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DAILY_DAYS - 1)));
  const counts = new Map((await dailyPageViews(ctx.db, start)).map((d) => [d.day, d.count]));
  return Array.from({ length: DAILY_DAYS }, (_, i) => {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { day, count: counts.get(day) ?? 0 };
  });
}
