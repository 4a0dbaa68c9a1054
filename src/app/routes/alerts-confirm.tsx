import { data, Form, Link, useNavigation } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { alertConfirmationState, alertOwnerSetCookie, confirmAlerts } from "~/features/alerts/alert-subscriptions.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { alertsMessagesFor, useAlertsMessages } from "~/shared/i18n/alerts-messages";
import { localeFromPath } from "~/shared/i18n/locales";
import { useLocalizedPath } from "~/shared/i18n/messages";
import type { Route } from "./+types/alerts-confirm";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load; its links and form work without React (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * /alerts/confirm/{token} (docs/behaviour.md §21): the double opt-in's link. Opening it confirms
 * nothing (mail scanners open links); its button does, once, however often it is pressed. An unknown
 * or expired link gets a page saying so.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await alertConfirmationState(context.get(appContext), params.token);
  const page =
    state.kind === "pending"
      ? { kind: "pending" as const, email: state.email }
      : state.kind === "already"
        ? { kind: "already" as const, manageToken: state.manageToken }
        : { kind: state.kind };
  return data(page, { status: state.kind === "not-found" ? 404 : state.kind === "expired" ? 410 : 200 });
}

/** Confirms; the device that did is the address's own from now on (the owner cookie). Reads no body. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const result = await confirmAlerts(ctx, params.token);
  if (result.kind === "not-found" || result.kind === "expired")
    return data({ kind: result.kind }, { status: result.kind === "expired" ? 410 : 404 });
  const secure = new URL(request.url).protocol === "https:";
  return data(
    { kind: result.kind, manageToken: result.manageToken },
    { headers: { "Set-Cookie": alertOwnerSetCookie(ctx, result.subscriberId, secure) } },
  );
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: alertsMessagesFor(localeFromPath(location.pathname)).confirm.metaTitle(businessProfile.name) },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function AlertsConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const m = useAlertsMessages().confirm;
  const path = useLocalizedPath();
  const busy = useNavigation().state !== "idle";
  const state = actionData ?? loaderData;
  const manage =
    "manageToken" in state && state.manageToken ? (
      <p className="mt-6">
        <Link to={path(`/alerts/${state.manageToken}`)} className="font-semibold text-red-800 underline hover:text-red-900">
          {m.manage}
        </Link>
      </p>
    ) : null;
  return (
    <>
      <PageHero title={m.title} />
      <div className="mx-auto max-w-2xl px-4 py-10">
        {state.kind === "pending" ? (
          <Form method="post">
            <p className="text-gray-800">{m.ask(state.email)}</p>
            <button type="submit" disabled={busy} className="button-primary button-lg mt-4">
              {m.button}
            </button>
          </Form>
        ) : (
          <p
            role="status"
            data-testid="confirm-outcome"
            className={`rounded-md p-4 ${state.kind === "confirmed" || state.kind === "already" ? "bg-green-50 text-green-900" : "bg-amber-50 text-amber-900"}`}
          >
            {state.kind === "confirmed" ? m.done : state.kind === "already" ? m.already : state.kind === "expired" ? m.expired : m.notFound}
          </p>
        )}
        {manage}
      </div>
    </>
  );
}
