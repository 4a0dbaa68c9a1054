import crypto from "node:crypto";
import { isbot } from "isbot";
import type { AppContext } from "~/server/context.server";
import { insertVisit } from "~/server/data/visitors.server";
import type { TrackVisitorInput } from "./track-visitor-schema";

/** The staff app's pages: its staff moving between screens are not the dealership's visitors (decision 100). */
const STAFF_PAGES = /^\/podium(?:[/?#]|$)/i;

/**
 * Records a page view unless the user agent is an obvious bot, or the page is a staff page. The client's address is
 * only kept as a salted hash, enough to count distinct active visitors.
 */
export async function trackVisitor(
  ctx: AppContext,
  input: TrackVisitorInput,
  client: { ip: string; userAgentHeader: string | undefined },
  now = new Date(),
): Promise<"recorded" | "skipped-bot" | "skipped-staff"> {
  if (STAFF_PAGES.test(input.page)) return "skipped-staff";
  const userAgent = input.userAgent ?? client.userAgentHeader ?? null;
  if (!userAgent || isbot(userAgent)) return "skipped-bot";
  const visitorKey = crypto
    .createHmac("sha256", ctx.secrets.visitorSalt)
    .update(`${client.ip}|${userAgent}`)
    .digest("base64url")
    .slice(0, 22);
  await insertVisit(
    ctx.db,
    {
      page: input.page.split(/[?#]/, 1)[0] ?? input.page,
      userAgent,
      referrer: input.referrer || null,
      visitorKey,
    },
    now,
  );
  return "recorded";
}
