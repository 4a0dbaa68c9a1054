import { isbot } from "isbot";
import type { AppContext } from "~/server/context.server";
import { deleteWebVitalsBefore, upsertWebVitals } from "~/server/data/web-vitals.server";
import type { WebVitalsBeacon } from "./web-vitals-schema";

/** Reports look 28 days back; a week more is kept so a day's edge is never cut. */
export const WEB_VITALS_KEEP_DAYS = 35;
const PURGE_EVERY_MS = 60 * 60 * 1000;
let lastPurge = 0;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The route pattern of a path: a vehicle page becomes `/:vehicle` (with its language prefix), and any
 * segment that carries an id or a token becomes `:id`, so reports group pages and never hold ids.
 */
export function pagePattern(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? "/";
  const segments = pathname
    .split("/")
    .filter(Boolean)
    .slice(0, 6)
    .map((segment) => {
      if (/^used-/i.test(segment)) return ":vehicle";
      if (UUID.test(segment) || segment.length > 40 || /^(?=.*\d)[A-Za-z0-9_-]{16,}$/.test(segment)) return ":id";
      return segment.toLowerCase().slice(0, 40);
    });
  return `/${segments.join("/")}`;
}

/** Phone or desktop, from the user agent (tablets count as desktop: their layout is the large one). */
export function deviceClass(userAgent: string): "phone" | "desktop" {
  return /Mobi|iPhone|iPod|Android.+Mobile|Windows Phone/i.test(userAgent) ? "phone" : "desktop";
}

/**
 * Records the Core Web Vitals a real browser measured on one page load. Bots are skipped; nothing
 * personal is stored (no address, no user agent, no URL): a route pattern, a device class, numbers.
 */
export async function recordWebVitals(
  ctx: AppContext,
  beacon: WebVitalsBeacon,
  userAgent: string | undefined,
  now = new Date(),
): Promise<"recorded" | "skipped-bot"> {
  if (!userAgent || isbot(userAgent)) return "skipped-bot";
  const page = pagePattern(beacon.page);
  const device = deviceClass(userAgent);
  await upsertWebVitals(
    ctx.db,
    beacon.metrics.map((m) => ({ id: m.id, page, device, metric: m.name, value: m.value })),
    now,
  );
  if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
    lastPurge = now.getTime();
    await deleteWebVitalsBefore(ctx.db, new Date(now.getTime() - WEB_VITALS_KEEP_DAYS * 86_400_000));
  }
  return "recorded";
}
