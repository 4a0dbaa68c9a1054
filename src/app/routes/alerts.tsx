import { data, Link } from "react-router";
import { refusedFormPost } from "~/app/http/form-refusal.server";
import { PageHero } from "~/app/lib/page-shell";
import { metaLocale } from "~/app/lib/locale-handle";
import { AlertsForm } from "~/features/alerts/alerts-form";
import { alertsFormPost } from "~/features/alerts/alerts-form-action.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { alertsMessagesFor, useAlertsMessages } from "~/shared/i18n/alerts-messages";
import { useLocalizedPath } from "~/shared/i18n/messages";
import { readSaved } from "~/shared/lib/saved-on-device";
import { formClientAction } from "~/shared/ui/form-post";
import type { Route } from "./+types/alerts";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load: the alerts form posts to the action as a document, and the server
// checks the address (decision 152).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * /alerts (docs/behaviour.md §21): where the alerts form posts from /saved, with or without JavaScript,
 * and its answer; opened on its own it shows the form for what this device saved.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const saved = readSaved(request.headers.get("cookie"));
  return { hasSaved: saved.vehicles.length + saved.searches.length > 0 };
}

/** The alerts form: the same service as POST /api/alerts, with this device's saved list. */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = refusedFormPost(context);
  if (refused) return refused;
  const result = await alertsFormPost(context.get(appContext), request);
  const status = { accepted: 200, invalid: 400, "nothing-to-follow": 400, "too-large": 413, failed: 400 }[result.kind];
  return data(result, { status });
}

export const clientAction = (args: Route.ClientActionArgs) => formClientAction(args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const { locale } = metaLocale(matches);
  return [{ title: `${alertsMessagesFor(locale).form.heading} | ${businessProfile.name}` }, { name: "robots", content: "noindex" }];
};

export default function AlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  const m = useAlertsMessages();
  const path = useLocalizedPath();
  const back = (
    <p className="mt-6">
      <Link to={path("/saved")} className="font-semibold text-red-800 underline hover:text-red-900">
        {m.form.backToSaved}
      </Link>
    </p>
  );
  return (
    <>
      <PageHero title={m.form.heading} />
      <div className="mx-auto max-w-2xl px-4 py-10">
        {actionData?.kind === "accepted" ? (
          <>
            <p role="status" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900" data-testid="alerts-accepted">
              {actionData.addedAtOnce ? m.form.added : m.form.checkInbox(actionData.email)}
            </p>
            {back}
          </>
        ) : actionData?.kind === "nothing-to-follow" || !loaderData.hasSaved ? (
          <>
            <p role={actionData ? "alert" : undefined} className="rounded-md bg-amber-50 p-4 text-amber-900">
              {m.form.nothingSaved}
            </p>
            {back}
          </>
        ) : (
          <>
            <p className="text-gray-700">{m.form.intro}</p>
            <AlertsForm className="mt-4" action={path("/alerts")} posted={actionData} />
            {back}
          </>
        )}
      </div>
    </>
  );
}
