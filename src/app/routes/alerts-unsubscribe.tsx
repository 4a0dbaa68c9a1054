import { data, Form, Link, useNavigation } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { managedAlerts, unsubscribeAlerts } from "~/features/alerts/alert-subscriptions.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { alertsMessagesFor, useAlertsMessages } from "~/shared/i18n/alerts-messages";
import { localeFromPath } from "~/shared/i18n/locales";
import { useLocalizedPath } from "~/shared/i18n/messages";
import type { Route } from "./+types/alerts-unsubscribe";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load; its links and form work without React (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * /alerts/{token}/unsubscribe (docs/behaviour.md §21), the List-Unsubscribe URL of every alert mail. A
 * mail provider's one-click POST never reaches this page: src/features/alerts/alerts-api.server.ts
 * answers it (RFC 8058). Opened in a browser (RFC 2369: a mail client without one-click opens the URL) it
 * asks, because link scanners open URLs too; its button unsubscribes.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const view = await managedAlerts(context.get(appContext), params.token, localeFromPath(new URL(request.url).pathname));
  if (!view) return data({ email: null, unsubscribed: false }, { status: 404 });
  return { email: view.email, unsubscribed: view.status === "unsubscribed" };
}

/** The button: unsubscribes at once; twice is harmless. Reads no body. */
export async function action({ params, context }: Route.ActionArgs) {
  const result = await unsubscribeAlerts(context.get(appContext), params.token);
  return data({ done: result.kind !== "not-found" }, { status: result.kind === "not-found" ? 404 : 200 });
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: alertsMessagesFor(localeFromPath(location.pathname)).unsubscribe.metaTitle(businessProfile.name) },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function AlertsUnsubscribePage({ loaderData, actionData, params }: Route.ComponentProps) {
  const m = useAlertsMessages();
  const path = useLocalizedPath();
  const busy = useNavigation().state !== "idle";
  const done = actionData?.done || loaderData.unsubscribed;
  return (
    <>
      <PageHero title={m.unsubscribe.title} />
      <div className="mx-auto max-w-2xl px-4 py-10">
        {!loaderData.email ? (
          <p className="rounded-md bg-amber-50 p-4 text-amber-900">{m.manage.notFound}</p>
        ) : done ? (
          <p role="status" data-testid="unsubscribed" className="rounded-md bg-green-50 p-4 text-green-900">
            {m.manage.unsubscribed}
          </p>
        ) : (
          <Form method="post">
            <p className="text-gray-800">{m.unsubscribe.ask(loaderData.email)}</p>
            <button type="submit" disabled={busy} className="button-primary button-lg mt-4">
              {m.unsubscribe.button}
            </button>
          </Form>
        )}
        {loaderData.email ? (
          <p className="mt-6">
            <Link to={path(`/alerts/${params.token}`)} className="font-semibold text-red-800 underline hover:text-red-900">
              {m.unsubscribe.manage}
            </Link>
          </p>
        ) : null}
      </div>
    </>
  );
}
