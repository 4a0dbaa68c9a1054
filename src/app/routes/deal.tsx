import { data, redirect } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { DealBreakdownList } from "~/features/deal/deal-breakdown-list";
import { dealFormPage, dealFormPost } from "~/features/deal/deal-form.server";
import { DEAL_HONEYPOT_FIELD } from "~/features/deal/deal-schema";
import { appContext, clientAddressContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { contactConsentMessagesFor } from "~/shared/i18n/contact-consent-messages";
import { dealSheetMessagesFor, useDealSheetMessages } from "~/shared/i18n/deal-sheet-messages";
import { estimateBreakdownNotes } from "~/shared/lib/estimate-breakdown";
import { localeFromPath } from "~/shared/i18n/locales";
import { useLocale, useLocalizedPath } from "~/shared/i18n/messages";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import type { Route } from "./+types/deal";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load: its form is a plain form posted to the action (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

/** /deal?vehicle={id}&downPayment=…: the estimate the shopper made, and where to send it (decision 070). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const page = await dealFormPage(context.get(appContext), url.searchParams, locale);
  // The consent's words in the page's language only (decision 094): the other languages stay on the server.
  const words = contactConsentMessagesFor(locale);
  const consent = { label: words.label(businessProfile.name), hint: words.hint };
  return data({ ...page, consent }, { status: page.kind === "sold" ? 410 : page.kind === "not-found" ? 404 : 200 });
}

/** The form posted with or without JavaScript: the same schema and service as POST /api/deals; sent → the sheet. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await dealFormPost(context.get(appContext), request, context.get(clientAddressContext));
  if (result.kind === "sent") return redirect(result.url);
  const status = { invalid: 400, sold: 410, "not-found": 404, "too-large": 413 }[result.kind];
  return data(result, { status });
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: dealSheetMessagesFor(localeFromPath(location.pathname)).meta.formTitle(businessProfile.name) },
  // One page per shopper's numbers: nothing for a search engine.
  { name: "robots", content: "noindex, nofollow" },
];

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-base text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 aria-[invalid=true]:border-red-700";

export default function DealPage({ loaderData, actionData }: Route.ComponentProps) {
  const m = useDealSheetMessages();
  const locale = useLocale();
  const path = useLocalizedPath();
  const page = loaderData;
  const posted = actionData ?? null;
  if (page.kind !== "form" || posted?.kind === "sold" || posted?.kind === "not-found") {
    const sold = page.kind === "sold" || posted?.kind === "sold";
    return (
      <>
        <PageHero title={sold ? m.form.soldTitle : m.form.notFoundTitle} />
        <div className="mx-auto max-w-2xl space-y-4 px-4 py-10">
          <p className="rounded-md bg-amber-50 p-4 text-amber-900">{sold ? m.form.soldText : m.form.notFoundText}</p>
          <a href={path("/inventory")} className="font-semibold text-red-700 underline hover:text-red-800">
            {m.form.browse}
          </a>
        </div>
      </>
    );
  }
  const errors = posted?.kind === "invalid" ? posted.fieldErrors : {};
  const echoed = posted?.kind === "invalid" ? posted.values : {};
  const notes = page.estimate ? estimateBreakdownNotes(page.estimate, page.input, locale) : null;
  const { consent } = loaderData;
  const back = `${path(page.vehicle.path)}?${new URLSearchParams(page.values)}#estimate`;
  const self = new URLSearchParams({ vehicle: page.vehicle.id, ...page.values }).toString();
  const field = (name: "firstName" | "lastName" | "email" | "phone", type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`deal-${name}`} className="block font-medium text-gray-900">
        {m.form[name]}
      </label>
      <input
        id={`deal-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        defaultValue={echoed[name] ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `deal-${name}-error` : undefined}
        className={inputClass}
      />
      {errors[name] ? (
        <p id={`deal-${name}-error`} className="mt-1 text-sm text-red-800">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const estimateError = Object.values({ ...page.estimateErrors, ...errors }).find(Boolean) && !page.estimate;
  return (
    <>
      <PageHero title={m.form.heading} subtitle={m.form.intro} />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-2">
        <section aria-labelledby="deal-vehicle-heading" className="space-y-4">
          <h2 id="deal-vehicle-heading" className="text-xl font-bold text-gray-900">
            {page.vehicle.name}
          </h2>
          {page.estimate ? (
            <>
              <h3 className="font-semibold text-gray-900">{m.form.yourDeal}</h3>
              <DealBreakdownList estimate={page.estimate} input={page.input} salesTaxRate={page.salesTaxRate} />
              {notes?.payment ? <p className="text-gray-900">{notes.payment}</p> : null}
              {notes?.lines.map((line) => (
                <p key={line} className="text-gray-800">
                  {line}
                </p>
              ))}
              <p className="text-sm text-gray-700">{notes?.disclosure}</p>
            </>
          ) : estimateError ? (
            <p className="rounded-md bg-amber-50 p-4 text-amber-900">{Object.values(page.estimateErrors)[0]}</p>
          ) : null}
          <a href={back} className="inline-block font-semibold text-red-700 underline hover:text-red-800">
            {m.form.change}
          </a>
        </section>
        <section aria-labelledby="deal-contact-heading" className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          <h2 id="deal-contact-heading" className="text-xl font-bold text-gray-900">
            {m.form.contactHeading}
          </h2>
          {posted?.kind === "invalid" ? (
            <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 font-medium text-red-900">
              {m.form.fixFields}
            </p>
          ) : null}
          {posted?.kind === "too-large" ? (
            <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 font-medium text-red-900">
              {m.form.fixFields}
            </p>
          ) : null}
          {/* Posted to the same query, so the page that answers (its field messages) shows the same vehicle and numbers. */}
          <form method="post" action={`${path("/deal")}?${self}`} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
            <input type="hidden" name="vehicleId" value={page.vehicle.id} />
            {(Object.keys(page.values) as (keyof typeof page.values)[]).map((name) => (
              <input key={name} type="hidden" name={name} value={page.values[name]} />
            ))}
            {field("firstName", "text", "given-name")}
            {field("lastName", "text", "family-name")}
            {field("email", "email", "email")}
            {field("phone", "tel", "tel")}
            {/* Optional, and never a condition of the sheet (decision 094). */}
            <div className="sm:col-span-2">
              <div className="flex items-start gap-2">
                <input
                  id="deal-text-consent"
                  name="textConsent"
                  type="checkbox"
                  value="true"
                  aria-describedby="deal-text-consent-hint"
                  className="mt-1 h-5 w-5"
                />
                <label htmlFor="deal-text-consent" className="text-gray-900">
                  {consent.label}
                </label>
              </div>
              <p id="deal-text-consent-hint" className="mt-1 text-sm text-gray-700">
                {consent.hint}
              </p>
            </div>
            {/* Hidden from people (and from assistive technology); naive bots fill it in. */}
            <div aria-hidden="true" className="hidden">
              <label htmlFor="deal-website">{m.form.honeypot}</label>
              <input id="deal-website" name={DEAL_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <div className="sm:col-span-2">
              <button type="submit" data-pending-label={m.form.sending} className="button-primary button-lg w-full">
                {m.form.submit}
              </button>
              <PrivacyNotice className="mt-3" />
            </div>
          </form>
        </section>
      </div>
    </>
  );
}
