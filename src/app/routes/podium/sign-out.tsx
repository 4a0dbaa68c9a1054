import { redirect } from "react-router";
import { clearStaffSetCookie, SESSION_COOKIE } from "~/features/staff/staff-cookies.server";
import { signOut, signOutEverywhere } from "~/features/staff/staff-sign-in.server";
import { readRequestCookie } from "~/server/http/cookies.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import type { Route } from "./+types/sign-out";

/** Nothing to show: an address typed by hand goes to the sign-in page. */
export function loader() {
  throw redirect("/podium/sign-in");
}

/**
 * The account menu's "Logout" and "Sign out everywhere" (docs/behaviour.md §6): the JSON API's use
 * cases, the session cookie cleared, and the sign-in page saying what happened. Posted as a document.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const staff = context.get(staffContext);
  const everywhere = (await readStaffForm(request)).get("intent") === "everywhere";
  if (everywhere && staff) await signOutEverywhere(ctx, staff);
  else await signOut(ctx, readRequestCookie(request, SESSION_COOKIE), staff);
  const to = everywhere && staff ? "/podium/sign-in?notice=everywhere" : "/podium/sign-in";
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": clearStaffSetCookie(request, SESSION_COOKIE) },
  });
}
