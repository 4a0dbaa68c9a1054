import { FileText } from "lucide-react";
import { data } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { DealBreakdownList } from "~/features/deal/deal-breakdown-list";
import { findDealSheet } from "~/features/deal/deal-sheet.server";
import { dealWarrantyLines } from "~/features/deal/deal-warranty-lines.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { dealSheetMessagesFor, useDealSheetMessages } from "~/shared/i18n/deal-sheet-messages";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { localeFromPath } from "~/shared/i18n/locales";
import { useLocale, useLocalizedPath } from "~/shared/i18n/messages";
import { estimateBreakdownNotes } from "~/shared/lib/estimate-breakdown";
import { formatLongDate, formatNumber } from "~/shared/lib/format";
import { vehicleName } from "~/shared/lib/vehicle-name";
import type { Route } from "./+types/deal-sheet";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load; its links and form work without React (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * The page behind a deal sheet's link (decision 070): the vehicle, the breakdown line by line, the
 * payment with its terms, the warranty (decision 091), what the dealer holds until when and what it
 * does not (decision 093) and the dealer's contact, all from the numbers frozen when it was sent. The
 * token is the only key; an unknown one is a 404; a replaced version still shows its numbers until its
 * date, then says only that it was replaced; 30 days past its date the link says only that it expired (decision 088).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const sheet = await findDealSheet(context.get(appContext), params.token);
  if (!sheet) return data({ sheet: null, warrantyLines: [] }, { status: 404 });
  // Expired: the page says so and nothing else (decision 088).
  if (sheet.kind === "link-expired") return data({ sheet, warrantyLines: [] }, { status: 410 });
  // Written here, in the page's language: the warranty terms' names in every language stay on the server.
  const warrantyLines = sheet.kind === "sheet" ? dealWarrantyLines(sheet.warranty, localeFromPath(new URL(request.url).pathname)) : [];
  return { sheet, warrantyLines };
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: dealSheetMessagesFor(localeFromPath(location.pathname)).meta.sheetTitle(businessProfile.name) },
  // The URL carries the sheet's token: keep it out of search engines and other sites' logs.
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function DealSheetPage({ loaderData, params }: Route.ComponentProps) {
  const m = useDealSheetMessages();
  const locale = useLocale();
  const est = estimateMessagesFor(locale);
  const path = useLocalizedPath();
  const { sheet, warrantyLines } = loaderData;
  if (!sheet || sheet.kind !== "sheet") {
    const state = !sheet ? "not-found" : sheet.kind;
    const [title, text] =
      state === "replaced"
        ? [m.sheet.replacedTitle, m.sheet.replacedText]
        : state === "link-expired"
          ? [m.sheet.linkExpiredTitle, m.sheet.linkExpiredText]
          : [m.sheet.notFoundTitle, m.sheet.notFoundText];
    return (
      <>
        <PageHero title={title} />
        <div className="mx-auto max-w-2xl px-4 py-10">
          <p className="rounded-md bg-amber-50 p-4 text-amber-900" data-testid={state === "not-found" ? "deal-not-found" : `deal-${state}`}>
            {text}
          </p>
        </div>
      </>
    );
  }
  const v = sheet.vehicle;
  const name = vehicleName(v, locale);
  const until = formatLongDate(sheet.validUntil, locale);
  const notes = estimateBreakdownNotes(sheet.estimate, sheet.input, locale);
  const p = businessProfile;
  return (
    <>
      <PageHero title={m.sheet.heading} subtitle={m.sheet.preparedFor(sheet.shopperName)} />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
        <p className="text-sm text-gray-700">
          {m.sheet.version(sheet.version)} · {m.sheet.sent(formatLongDate(sheet.createdAt.slice(0, 10), locale))}
        </p>
        {sheet.expired ? (
          <p role="status" className="rounded-md bg-amber-50 p-4 font-medium text-amber-900" data-testid="deal-validity">
            {m.sheet.expired(until)}
          </p>
        ) : (
          <div className="space-y-2 rounded-md bg-green-50 p-4 text-green-900" data-testid="deal-validity">
            <p className="font-medium">{m.sheet.validUntil(until)}</p>
            {sheet.replacedButHeld ? <p data-testid="deal-held">{m.sheet.heldNotice(until)}</p> : null}
            <p data-testid="deal-commitment">{m.sheet.commitment(until)}</p>
          </div>
        )}
        <p className="text-gray-800" data-testid="deal-not-committed">
          {m.sheet.notCommitted}
        </p>
        <section aria-labelledby="deal-vehicle" className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          <h2 id="deal-vehicle" className="text-xl font-bold text-gray-900">
            {name}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-gray-800">
            {v.stockNumber ? (
              <>
                <dt className="font-medium">{m.sheet.stock}</dt>
                <dd>{v.stockNumber}</dd>
              </>
            ) : null}
            <dt className="font-medium">{m.sheet.vin}</dt>
            <dd className="font-mono">{v.vin}</dd>
            <dt className="font-medium">{m.sheet.mileage}</dt>
            <dd>{m.sheet.mileageValue(formatNumber(v.mileage, locale))}</dd>
          </dl>
          <a href={path(v.path)} className="mt-3 inline-block font-semibold text-red-700 underline hover:text-red-800">
            {m.sheet.viewVehicle}
          </a>
        </section>
        <section aria-labelledby="deal-breakdown-heading" className="space-y-3">
          <h2 id="deal-breakdown-heading" className="text-lg font-bold text-gray-900">
            {est.breakdown}
          </h2>
          <DealBreakdownList estimate={sheet.estimate} input={sheet.input} salesTaxRate={sheet.salesTaxRate} />
          {notes.payment ? (
            <p className="text-lg font-semibold text-gray-900" data-testid="deal-payment">
              {notes.payment}
            </p>
          ) : null}
          {notes.lines.map((line) => (
            <p key={line} className="text-gray-800">
              {line}
            </p>
          ))}
          <p className="text-gray-800">{`${m.sheet.creditBand}: ${est.bands[sheet.input.creditBand]}`}</p>
        </section>
        <section aria-labelledby="deal-warranty" className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          <h2 id="deal-warranty" className="text-lg font-bold text-gray-900">
            {m.sheet.warrantyHeading}
          </h2>
          <div className="mt-2 space-y-1 text-gray-800" data-testid="deal-warranty">
            {warrantyLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </section>
        <p className="text-sm text-gray-700">{notes.disclosure}</p>
        <p>
          <a href={`/deal/${params.token}/sheet.pdf`} className="button-primary button-md">
            <FileText aria-hidden="true" className="h-5 w-5" />
            {m.sheet.pdf}
          </a>
        </p>
        <section aria-labelledby="deal-contact" className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          <h2 id="deal-contact" className="text-lg font-bold text-gray-900">
            {m.sheet.contactHeading}
          </h2>
          <p className="mt-2 text-gray-800">{p.name}</p>
          <p className="text-gray-800">{`${p.address.street}, ${p.address.city}, ${p.address.region} ${p.address.postalCode}`}</p>
          <p className="mt-1">
            <a href={`tel:${p.phoneE164}`} className="font-semibold text-red-700 underline hover:text-red-800">
              {p.phone}
            </a>
            {" · "}
            <a href={`mailto:${p.email}`} className="font-semibold text-red-700 underline hover:text-red-800">
              {p.email}
            </a>
          </p>
        </section>
      </div>
    </>
  );
}
