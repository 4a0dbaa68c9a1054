import { Search } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { refusedFormPost } from "~/app/http/form-refusal.server";
import { PageHero } from "~/app/lib/page-shell";
import { metaLocale } from "~/app/lib/locale-handle";
import { AlertsForm } from "~/features/alerts/alerts-form";
import { ALERTS_FORM_MAX_BYTES } from "~/features/alerts/alerts-api.server";
import { alertVehicles } from "~/features/alerts/alert-vehicles.server";
import { changeSavedList, savedChangeFrom, savedSearchViews, savedSetCookie } from "~/features/alerts/saved-list.server";
import { listInventory } from "~/features/inventory/inventory.server";
import { VEHICLE_GRID_CLASS, VehicleCard } from "~/features/inventory/vehicle-card";
import type { VehicleSummary } from "~/features/inventory/vehicle-summary";
import { FormTooLargeError, readFormData } from "~/server/http/form-post.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { alertsMessagesFor, useAlertsMessages } from "~/shared/i18n/alerts-messages";
import { localeFromPath, localizedPath } from "~/shared/i18n/locales";
import { useLocale, useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { readSaved } from "~/shared/lib/saved-on-device";
import { vehicleName } from "~/shared/lib/vehicle-name";
import type { Route } from "./+types/saved";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load: Remove, the hearts and the alerts form post to their actions as
// documents, and the page is rendered for this device's list (decision 152).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * /saved (docs/behaviour.md §21): the vehicles and searches saved on this device (its `saved` cookie),
 * each with Remove, and the alerts form. Rendered per request (the list is this shopper's own), never
 * cached; the vehicle pages stay one cached copy for everyone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const saved = readSaved(request.headers.get("cookie"));
  const listed = new Map((await listInventory(ctx)).summaries.map((v) => [v.id, v]));
  const gone = new Map(
    (
      await alertVehicles(
        ctx.db,
        saved.vehicles.filter((id) => !listed.has(id)),
      )
    ).map((v) => [v.id, vehicleName(v, locale)]),
  );
  const vehicles = saved.vehicles.flatMap((id): SavedVehicle[] => {
    const summary = listed.get(id);
    if (summary) return [{ id, summary }];
    const name = gone.get(id);
    return name ? [{ id, name }] : [];
  });
  return { vehicles, searches: savedSearchViews(saved, locale) };
}

type SavedVehicle = { id: string; summary: VehicleSummary } | { id: string; name: string };

/**
 * A heart or "Save this search" posted without JavaScript (from any page), or Remove on this page: the
 * device's list changes (its cookie) and the page shows it (303, so a reload posts nothing again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = refusedFormPost(context);
  if (refused) return refused;
  const ctx = context.get(appContext);
  const url = new URL(request.url);
  let form: FormData;
  try {
    form = await readFormData(request, { maxBytes: ALERTS_FORM_MAX_BYTES });
  } catch (error) {
    if (error instanceof FormTooLargeError)
      return data({ kind: "failed" as const, error: alertsMessagesFor(localeFromPath(url.pathname)).form.tooLarge }, 413);
    throw error;
  }
  const change = savedChangeFrom(form);
  const next = change ? await changeSavedList(ctx, readSaved(request.headers.get("cookie")), change) : null;
  if (next === "full") return data({ kind: "full" as const }, 409);
  const headers = next ? { "Set-Cookie": savedSetCookie(next, url.protocol === "https:") } : undefined;
  throw redirect(localizedPath("/saved", localeFromPath(url.pathname)), { status: 303, headers });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { locale } = metaLocale(matches);
  // One shopper's own list: nothing for search engines.
  return [{ title: alertsMessagesFor(locale).saved.metaTitle(businessProfile.name) }, { name: "robots", content: "noindex" }];
};

export default function SavedPage({ loaderData, actionData }: Route.ComponentProps) {
  const m = useAlertsMessages();
  const full = useMessages().inventory.save.full;
  const path = useLocalizedPath();
  const locale = useLocale();
  const { vehicles, searches } = loaderData;
  return (
    <>
      <PageHero title={m.saved.title} subtitle={m.saved.intro} />
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        {actionData?.kind === "full" || actionData?.kind === "failed" ? (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
            {actionData.kind === "full" ? full : actionData.error}
          </p>
        ) : null}
        <section aria-labelledby="saved-vehicles">
          <h2 id="saved-vehicles" className="text-2xl font-bold">
            {m.saved.vehiclesHeading}
          </h2>
          {vehicles.length === 0 ? (
            <p className="mt-3 text-gray-700">
              {m.saved.noVehicles}{" "}
              <Link to={path("/inventory")} className="font-semibold text-red-800 underline">
                {m.saved.browse}
              </Link>
            </p>
          ) : (
            <ul className={`mt-4 ${VEHICLE_GRID_CLASS}`} data-testid="saved-vehicles">
              {vehicles.map((vehicle) => {
                // Named as on the vehicle's page and its card: "Honda Civic 2019" in Portuguese.
                const name = "summary" in vehicle ? vehicleName({ ...vehicle.summary, trim: null }, locale) : vehicle.name;
                return (
                  <li key={vehicle.id} className="flex flex-col gap-2">
                    {"summary" in vehicle ? (
                      <VehicleCard vehicle={vehicle.summary} saved />
                    ) : (
                      <div className="rounded-xl border border-gray-200 p-4">
                        <p className="text-lg font-bold text-gray-900">{name}</p>
                        <p className="mt-1 text-gray-700">{m.saved.notListed}</p>
                      </div>
                    )}
                    <RemoveButton intent="remove-vehicle" field="vehicleId" value={vehicle.id} label={m.saved.removeLabel(name)} />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section aria-labelledby="saved-searches">
          <h2 id="saved-searches" className="text-2xl font-bold">
            {m.saved.searchesHeading}
          </h2>
          {searches.length === 0 ? (
            <p className="mt-3 text-gray-700">{m.saved.noSearches}</p>
          ) : (
            <ul className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200" data-testid="saved-searches">
              {searches.map((search) => (
                <li key={search.query} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <Link to={path(search.path)} className="inline-flex items-center gap-2 font-semibold text-red-800 underline">
                    <Search aria-hidden="true" className="h-4 w-4" />
                    {search.label}
                    <span className="sr-only">: {m.saved.seeMatches}</span>
                  </Link>
                  <RemoveButton intent="remove-search" field="search" value={search.query} label={m.saved.removeLabel(search.label)} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="alerts-heading" className="max-w-2xl rounded-xl border border-gray-200 p-6">
          <h2 id="alerts-heading" className="text-2xl font-bold">
            {m.form.heading}
          </h2>
          {vehicles.length || searches.length ? (
            <>
              <p className="mt-2 text-gray-700">{m.form.intro}</p>
              <AlertsForm className="mt-4" action={path("/alerts")} />
            </>
          ) : (
            <p className="mt-2 text-gray-700">{m.form.nothingSaved}</p>
          )}
        </section>
      </div>
    </>
  );
}

/** Remove: a plain form post to this page's action, with or without JavaScript. */
function RemoveButton({ intent, field, value, label }: { intent: string; field: string; value: string; label: string }) {
  const m = useAlertsMessages();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={value} />
      <button type="submit" aria-label={label} className="button-secondary button-sm">
        {m.saved.remove}
      </button>
    </Form>
  );
}
