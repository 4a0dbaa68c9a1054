import { data, redirect, type MiddlewareFunction } from "react-router";
import { staffPageAccess, staffSignedOutAnswer } from "~/app/route-policy.server";
import { isSameOriginRequest, SESSION_COOKIE } from "~/features/staff/staff-cookies.server";
import { staffForSession } from "~/features/staff/staff-sign-in.server";
import { readRequestCookie } from "~/server/http/cookies.server";
import type { StaffFormError } from "~/shared/staff/staff-form-result";
import { appContext, staffContext } from "~/server/load-context.server";
import { canUseArea } from "~/shared/staff/staff-roles";

const refuse = (status: number, error: string) => data<StaffFormError>({ error }, { status });

/**
 * The staff pages' guard (decision 100), the podium layout route's middleware, so it runs before any
 * staff loader or action, for documents and React Router's data requests alike:
 *   - a post from another site is refused (403), as the JSON API refuses one (decision 013);
 *   - the session cookie is read with the API's function (the same idle and absolute limits, the same
 *     cookie), and the person put in the router context for the loaders and actions below;
 *   - the matched route's staff area, from the route-policy table (src/app/route-policy.server.ts), is
 *     checked against the person's role: 403 when their role may not use it;
 *   - without a live session a page load goes to /podium/sign-in (coming back afterwards) and a post
 *     gets 401, as the API answers.
 * (Every staff answer is `Cache-Control: no-store`, set by the HTTP layer for /podium: a refusal here
 * is rendered from an error, without a route's own headers.)
 */
export const staffPagesGuard: MiddlewareFunction<Response> = async ({ request, context, pattern, url }, next) => {
  const ctx = context.get(appContext);
  const access = staffPageAccess(pattern);
  const posting = request.method !== "GET" && request.method !== "HEAD";
  if (posting && !isSameOriginRequest(request)) throw refuse(403, "Cross-site request refused");
  const user = await staffForSession(ctx, readRequestCookie(request, SESSION_COOKIE));
  const staff = user ? { ...user, actor: user.email } : null;
  context.set(staffContext, staff);
  if (access !== "signed out") {
    if (!staff) {
      if (posting || staffSignedOutAnswer(pattern) === "401") throw refuse(401, "Sign-in required");
      throw redirect(`/podium/sign-in?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
    }
    if (access !== "any staff" && !canUseArea(staff.role, access)) throw refuse(403, "Your role does not allow this.");
  }
  return next();
};
