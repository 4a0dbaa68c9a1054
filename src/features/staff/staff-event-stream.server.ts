import type { AppContext } from "~/server/context.server";
import { liveSessionRoles } from "~/server/data/staff-sessions.server";
import { openStaffEventStream, streamElsewhere } from "~/server/events/event-stream.server";
import { staffEventHub } from "~/server/events/staff-event-hub.server";
import { readRequestCookie } from "~/server/http/cookies.server";
import { isStaffRole, type StaffRole, type StaffUser } from "~/shared/staff/staff-roles";
import { SESSION_COOKIE } from "./staff-cookies.server";
import { hashToken, sessionLimits } from "./staff-sign-in.server";

/**
 * `GET /podium/events` for a signed-in person (decision 110): their stream from this process's hub,
 * which re-checks the sessions behind its streams every two seconds with the sign-in's own limits, so
 * sign-out, sign-out everywhere, a disabled account or a changed role ends the stream within seconds.
 */
export function staffEventStream(ctx: AppContext, request: Request, staff: StaffUser): Promise<Response> {
  const hub = staffEventHub(ctx, async (hashes) => {
    const live = await liveSessionRoles(ctx.db, hashes, sessionLimits(ctx));
    const roles = new Map<string, StaffRole>();
    for (const [hash, role] of live) if (isStaffRole(role)) roles.set(hash, role);
    return roles;
  });
  if (!hub) return Promise.resolve(streamElsewhere());
  // The guard has read this cookie and found its session live.
  const token = readRequestCookie(request, SESSION_COOKIE) ?? "";
  return openStaffEventStream(hub, {
    staff,
    sessionHash: hashToken(token),
    lastEventId: request.headers.get("Last-Event-ID"),
    signal: request.signal,
    heartbeatMs: ctx.env.testClock ? 1000 : undefined,
  });
}
