import { BellOff } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { OPT_OUT_FORM_MAX_BYTES, optOut, optOutPage, type OptOutView } from "~/features/contact-preferences/opt-out.server";
import { FormTooLargeError, readFormData } from "~/server/http/form-post.server";
import { appContext } from "~/server/load-context.server";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { businessProfile } from "~/shared/config/business-profile";
import { localeFromPath, type Locale } from "~/shared/i18n/locales";
import type { Route } from "./+types/opt-out";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load; its links and form work without React (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * The page behind the opt-out link every customer mail carries (decision 094): works without signing
 * in, by the link's secret token. The shopper ticks what must stop (e-mail, calls, texts) and posts a
 * plain form, so it works before (or without) JavaScript; the link itself changes nothing, since mail
 * scanners open links. Its text comes from the mail catalogue, in the URL's language.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const view = await optOutPage(context.get(appContext), params.token);
  const page = { copy: textFor(locale, view), view };
  return view ? page : data(page, { status: 404 });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await readFormData(request, { maxBytes: OPT_OUT_FORM_MAX_BYTES });
  } catch (error) {
    if (error instanceof FormTooLargeError) return data({ outcome: "invalid" as const, view: null }, { status: 413 });
    throw error;
  }
  const result = await optOut(context.get(appContext), params.token, form.getAll("channel").map(String));
  if (result.kind === "not-found") return data({ outcome: "not-found" as const, view: null }, { status: 404 });
  return data(
    { outcome: result.kind === "done" ? ("done" as const) : ("invalid" as const), view: result.view },
    {
      status: result.kind === "done" ? 200 : 400,
    },
  );
}

/** Only strings cross to the browser (functions are applied here). */
function textFor(locale: Locale, view: OptOutView | null) {
  const copy = mailMessagesFor(locale).optOut;
  return {
    title: copy.title,
    metaTitle: copy.metaTitle(businessProfile.name),
    intro: view ? copy.intro(businessProfile.name, view.email) : "",
    legend: copy.legend,
    channels: copy.channels,
    refused: copy.refused,
    submit: copy.submit,
    done: copy.done,
    none: copy.none,
    notFound: copy.notFound,
    questions: copy.questions(businessProfile.phone),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.copy.metaTitle ?? businessProfile.name },
  // The URL carries the link's token: keep it out of search engines and other sites' logs.
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function OptOutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const view = actionData?.view ?? loaderData.view;
  const busy = useNavigation().state !== "idle";
  const channels = ["email", "phone", "text"] as const;
  return (
    <>
      <PageHero title={copy.title} />
      <div className="mx-auto max-w-2xl px-4 py-10">
        {actionData?.outcome === "done" ? (
          <p role="status" className="mb-6 rounded-md bg-green-50 p-4 text-green-900" data-testid="opt-out-done">
            {copy.done}
          </p>
        ) : null}
        {actionData?.outcome === "invalid" ? (
          <p role="alert" className="mb-6 rounded-md bg-amber-50 p-4 text-amber-900">
            {copy.none}
          </p>
        ) : null}
        {view ? (
          <section className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
            <p className="flex items-start gap-2 text-gray-900">
              <BellOff aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-red-700" />
              {copy.intro}
            </p>
            <Form method="post" className="mt-6">
              <fieldset>
                <legend className="font-semibold text-gray-900">{copy.legend}</legend>
                {channels.map((channel) => {
                  const refused = view.refused.includes(channel);
                  return (
                    <label key={channel} className="mt-3 flex items-center gap-3 text-gray-900">
                      <input
                        type="checkbox"
                        name="channel"
                        value={channel}
                        defaultChecked={channel === "email" || refused}
                        disabled={refused}
                        className="h-5 w-5"
                      />
                      {copy.channels[channel]}
                      {refused ? <span className="text-sm text-gray-700">({copy.refused})</span> : null}
                    </label>
                  );
                })}
              </fieldset>
              <button type="submit" disabled={busy} className="button-primary button-md mt-6">
                {copy.submit}
              </button>
            </Form>
          </section>
        ) : (
          <p className="rounded-md bg-amber-50 p-4 text-amber-900">{copy.notFound}</p>
        )}
        <p className="mt-6 text-gray-700">{copy.questions}</p>
      </div>
    </>
  );
}
