import { data, redirect } from "react-router";
import { signInFormPost, type SignInStep } from "~/features/staff/sign-in-form.server";
import { SignInPage } from "~/features/staff/sign-in-page";
import { appContext, clientAddressContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta, staffReturnPath } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => staffPageMeta(staffMessagesFor().staff.signIn.title);

/**
 * /podium/sign-in?redirectTo=…: the staff pages send a signed-out person here and get them back
 * afterwards; ?notice= says why they are here (their session ended, they signed out everywhere).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = staffReturnPath(params.get("redirectTo"));
  if (context.get(staffContext)) throw redirect(redirectTo);
  const m = staffMessagesFor().staff.dashboard;
  const notice = { expired: m.sessionExpired, everywhere: m.signedOutEverywhere }[params.get("notice") ?? ""] ?? null;
  return { redirectTo, notice };
}

/** Each step of the sign-in, as the JSON API takes it (decision 103): password, code, start over. */
export async function action({ request, context }: Route.ActionArgs) {
  // As the API keys its throttle (staff-accounts-api.server.ts): the address, or "unknown" without one.
  const answer = await signInFormPost(context.get(appContext), request, context.get(clientAddressContext) ?? "unknown");
  const headers = new Headers();
  for (const cookie of answer.cookies) headers.append("Set-Cookie", cookie);
  if ("redirectTo" in answer) return redirect(answer.redirectTo, { status: 303, headers });
  if (answer.status === 429) headers.set("Retry-After", "900");
  return data(answer.step, { status: answer.status, headers });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const step: SignInStep = actionData ?? { step: "password" };
  return <SignInPage step={step} redirectTo={loaderData.redirectTo} notice={actionData ? null : loaderData.notice} />;
}

export const ErrorBoundary = StaffRouteError;
