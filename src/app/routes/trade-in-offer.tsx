import { HandCoins } from "lucide-react";
import { data, Link } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { findTradeInOffer } from "~/features/trade-in/trade-in.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { localeFromPath } from "~/shared/i18n/locales";
import { useLocale, useLocalizedPath } from "~/shared/i18n/messages";
import { tradeInMessagesFor, useTradeInMessages } from "~/shared/i18n/trade-in-messages";
import { formatLongDate, formatNumber, formatPrice } from "~/shared/lib/format";
import { vehicleName } from "~/shared/lib/vehicle-name";
import type { Route } from "./+types/trade-in-offer";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load; its links and form work without React (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * The page behind a trade-in offer's link (decision 067): the offer, whether it still holds, and a
 * plain GET form that carries its value (the low end until the shopper changes it) into the
 * payment estimate as `tradeInValue`. The token is the only key; an unknown one is a 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const offer = await findTradeInOffer(context.get(appContext), params.token);
  if (!offer) return data({ offer: null }, { status: 404 });
  // Expired: the page says so and nothing else (decision 088).
  return offer.kind === "link-expired" ? data({ offer }, { status: 410 }) : { offer };
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: tradeInMessagesFor(localeFromPath(location.pathname)).meta.offerTitle(businessProfile.name) },
  // The URL carries the offer's token: keep it out of search engines and other sites' logs.
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function TradeInOfferPage({ loaderData }: Route.ComponentProps) {
  const m = useTradeInMessages();
  const locale = useLocale();
  const path = useLocalizedPath();
  const { offer } = loaderData;
  if (!offer || offer.kind === "link-expired") {
    const expired = offer?.kind === "link-expired";
    return (
      <>
        <PageHero title={expired ? m.offer.linkExpiredTitle : m.offer.notFoundTitle} />
        <div className="mx-auto max-w-2xl px-4 py-10">
          <p className="rounded-md bg-amber-50 p-4 text-amber-900" data-testid={expired ? "offer-link-expired" : "offer-not-found"}>
            {expired ? m.offer.linkExpiredText : m.offer.notFoundText}
          </p>
        </div>
      </>
    );
  }
  const v = offer.vehicle;
  const range =
    offer.low === offer.high ? formatPrice(offer.low, locale) : `${formatPrice(offer.low, locale)} – ${formatPrice(offer.high, locale)}`;
  const until = formatLongDate(offer.validUntil, locale);
  return (
    <>
      <PageHero title={m.offer.heading} />
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
        <section aria-labelledby="offer-heading" className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          <h2 id="offer-heading" className="flex items-center gap-2 text-xl font-bold text-gray-900">
            <HandCoins aria-hidden="true" className="h-5 w-5 text-red-700" />
            {vehicleName(v, locale)}
          </h2>
          <p className="mt-1 text-gray-700">{`${formatNumber(v.mileage, locale)} ${m.offer.miles}`}</p>
          <p className="mt-4 text-sm font-semibold tracking-wide text-gray-700 uppercase">{m.offer.range}</p>
          <p className="text-3xl font-extrabold text-gray-900" data-testid="offer-range">
            {range}
          </p>
          {offer.expired ? (
            <p role="status" className="mt-4 rounded-md bg-amber-50 p-4 font-medium text-amber-900">
              {m.offer.expired(until)}
            </p>
          ) : (
            <p className="mt-2 text-gray-800">{m.offer.validUntil(until)}</p>
          )}
          {offer.note ? (
            <div className="mt-4">
              <h3 className="font-semibold">{m.offer.note}</h3>
              <p className="mt-1 whitespace-pre-wrap text-gray-900">{offer.note}</p>
            </div>
          ) : null}
          <h3 className="mt-4 font-semibold text-gray-900">{m.offer.conditionsHeading}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-gray-800" data-testid="offer-conditions">
            {m.offer.conditions.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
            <li>{m.offer.validUntil(until)}</li>
          </ul>
        </section>
        {offer.expired ? null : (
          <form method="get" action={path("/inventory")} className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
            <label htmlFor="trade-in-value" className="block font-medium text-gray-900">
              {m.offer.valueLabel}
            </label>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <input
                id="trade-in-value"
                name="tradeInValue"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                defaultValue={offer.low}
                className="w-40 rounded-md border border-gray-500 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700"
              />
              <button type="submit" className="button-primary button-md">
                {m.offer.carry}
              </button>
            </div>
          </form>
        )}
        <p>
          <Link to={path("/inventory")} className="font-semibold text-red-700 underline hover:text-red-800">
            {m.offer.browse}
          </Link>
        </p>
      </div>
    </>
  );
}
