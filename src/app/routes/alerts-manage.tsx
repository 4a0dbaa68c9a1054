import { data, Form, Link, useNavigation } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { ALERTS_FORM_MAX_BYTES } from "~/features/alerts/alerts-api.server";
import {
  alertOwnerSetCookie,
  changeAlertItem,
  managedAlerts,
  subscriberIdOfManageToken,
  unsubscribeAlerts,
  type ManageAction,
  type ManagedAlertItem,
} from "~/features/alerts/alert-subscriptions.server";
import { FormTooLargeError, readFormData } from "~/server/http/form-post.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { alertsMessagesFor, useAlertsMessages } from "~/shared/i18n/alerts-messages";
import { localeFromPath } from "~/shared/i18n/locales";
import { useLocale, useLocalizedPath } from "~/shared/i18n/messages";
import { formatPrice } from "~/shared/lib/format";
import { MAX_SAVED_SEARCHES, MAX_SAVED_VEHICLES } from "~/shared/lib/saved-on-device";
import type { Route } from "./+types/alerts-manage";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load: its buttons are plain form posts to the action (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * /alerts/{token} (docs/behaviour.md §21): the manage page every alert mail links, the same secret link
 * each time: each saved vehicle (price saved at, price now, its state) and search, to pause, resume or
 * delete, and unsubscribe from all. The device that opens it is the address's own from then on (the
 * owner cookie: its next saves need no new confirmation).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const view = await managedAlerts(ctx, params.token, locale);
  if (!view) return data({ view: null }, { status: 404 });
  const subscriberId = (await subscriberIdOfManageToken(ctx, params.token))!;
  const secure = new URL(request.url).protocol === "https:";
  return data({ view }, { headers: { "Set-Cookie": alertOwnerSetCookie(ctx, subscriberId, secure) } });
}

const ACTIONS: readonly string[] = ["pause", "resume", "delete"] satisfies ManageAction[];

/** Pause, resume or delete one item, or unsubscribe from all: plain form posts, with or without JavaScript. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const m = alertsMessagesFor(localeFromPath(new URL(request.url).pathname)).manage;
  let form: FormData;
  try {
    form = await readFormData(request, { maxBytes: ALERTS_FORM_MAX_BYTES });
  } catch (error) {
    if (error instanceof FormTooLargeError) return data({ notice: m.notFound, ok: false }, { status: 413 });
    throw error;
  }
  const intent = String(form.get("intent") ?? "");
  if (intent === "unsubscribe") {
    const result = await unsubscribeAlerts(ctx, params.token);
    if (result.kind === "not-found") return data({ notice: m.notFound, ok: false }, { status: 404 });
    return { notice: m.unsubscribed, ok: true };
  }
  if (!ACTIONS.includes(intent)) return data({ notice: m.notFound, ok: false }, { status: 400 });
  const result = await changeAlertItem(ctx, params.token, String(form.get("itemId") ?? ""), intent as ManageAction);
  if (result.kind === "not-found") return data({ notice: m.notFound, ok: false }, { status: 404 });
  if (result.kind === "unsubscribed") return data({ notice: m.isUnsubscribed, ok: false }, { status: 409 });
  // A second press of the same button (its item already paused, resumed or deleted): nothing to say.
  if (result.kind === "unchanged") return data({ notice: m.unchanged, ok: false }, { status: 409 });
  return { notice: { pause: m.paused, resume: m.resumed, delete: m.deleted }[result.action], ok: true };
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: alertsMessagesFor(localeFromPath(location.pathname)).manage.metaTitle(businessProfile.name) },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function AlertsManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const m = useAlertsMessages().manage;
  const { view } = loaderData;
  const vehicles = view?.items.filter((i) => i.kind === "vehicle") ?? [];
  const searches = view?.items.filter((i) => i.kind === "search") ?? [];
  return (
    <>
      <PageHero title={m.title} />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-10">
        {actionData ? (
          <p role="status" className={`rounded-md p-4 ${actionData.ok ? "bg-green-50 text-green-900" : "bg-amber-50 text-amber-900"}`}>
            {actionData.notice}
          </p>
        ) : null}
        {!view ? (
          <p className="rounded-md bg-amber-50 p-4 text-amber-900">{m.notFound}</p>
        ) : (
          <>
            <p className="text-gray-800">{view.status === "unsubscribed" ? m.isUnsubscribed : m.intro(view.email)}</p>
            <ItemList heading={m.vehiclesHeading} items={vehicles} alertsOn={view.status === "confirmed"} />
            <ItemList heading={m.searchesHeading} items={searches} alertsOn={view.status === "confirmed"} />
            <p className="text-sm text-gray-700">{m.limitNote(MAX_SAVED_VEHICLES, MAX_SAVED_SEARCHES)}</p>
            {view.status !== "unsubscribed" ? (
              <section aria-labelledby="unsubscribe-heading" className="rounded-xl border border-gray-200 p-6">
                <h2 id="unsubscribe-heading" className="text-xl font-bold">
                  {m.unsubscribeHeading}
                </h2>
                <p className="mt-2 text-gray-700">{m.unsubscribeHint}</p>
                <Form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="unsubscribe" />
                  <SubmitButton>{m.unsubscribe}</SubmitButton>
                </Form>
              </section>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}

function SubmitButton({ children, label, quiet = false }: { children: string; label?: string; quiet?: boolean }) {
  const busy = useNavigation().state !== "idle";
  return (
    <button type="submit" disabled={busy} aria-label={label} className={quiet ? "button-secondary button-sm" : "button-primary button-sm"}>
      {children}
    </button>
  );
}

function ItemList({ heading, items, alertsOn }: { heading: string; items: ManagedAlertItem[]; alertsOn: boolean }) {
  const m = useAlertsMessages().manage;
  const locale = useLocale();
  const path = useLocalizedPath();
  return (
    <section aria-label={heading}>
      <h2 className="text-xl font-bold">{heading}</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-gray-700">{m.none}</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200" data-testid="managed-items">
          {items.map((item) => {
            const label = item.label || m.vehicleStates.gone;
            return (
              <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div>
                  {item.kind === "search" || (item.vehicle && item.vehicleState !== "gone" && item.vehicleState !== "sold") ? (
                    <Link to={path(item.path)} className="font-semibold text-red-800 underline">
                      {label}
                    </Link>
                  ) : (
                    <p className="font-semibold text-gray-900">{label}</p>
                  )}
                  {item.vehicle ? (
                    <p className="mt-1 text-sm text-gray-700">
                      {[
                        item.vehicle.savedAt !== null ? m.savedAt(formatPrice(item.vehicle.savedAt, locale)) : null,
                        item.vehicleState === "available" || item.vehicleState === "pending"
                          ? m.now(formatPrice(item.vehicle.price, locale))
                          : null,
                        item.vehicleState ? m.vehicleStates[item.vehicleState] : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  ) : null}
                  <p className="mt-1 text-sm text-gray-700">
                    {m.statusLabel}: {m.statuses[item.status]}
                  </p>
                </div>
                <div className="flex gap-2">
                  {item.status === "active" || (item.status === "paused" && alertsOn) ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value={item.status === "active" ? "pause" : "resume"} />
                      <input type="hidden" name="itemId" value={item.id} />
                      <SubmitButton quiet label={m.itemLabel(item.status === "active" ? m.pause : m.resume, label)}>
                        {item.status === "active" ? m.pause : m.resume}
                      </SubmitButton>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="itemId" value={item.id} />
                    <SubmitButton quiet label={m.itemLabel(m.delete, label)}>
                      {m.delete}
                    </SubmitButton>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
