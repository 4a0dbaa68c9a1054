import { ArrowLeft, Check, Phone } from "lucide-react";
import { Suspense } from "react";
import { Await, data, isRouteErrorResponse, Link, redirect, useActionData, useAsyncError } from "react-router";
import { refusedFormPost } from "~/app/http/form-refusal.server";
import { NotFoundPage } from "~/app/layout/not-found-page";
import { publicUrlFrom } from "~/app/lib/root-data";
import { contactFormPost } from "~/features/contact/contact-form-action.server";
import { cachedInventory } from "~/features/inventory/inventory-client-cache";
import { listInventory } from "~/features/inventory/inventory.server";
import { VEHICLE_GRID_CLASS, VehicleBadges, VehicleCard } from "~/features/inventory/vehicle-card";
import type { VehicleSummary } from "~/features/inventory/vehicle-summary";
import { PhotoGallery } from "~/features/vehicle/photo-gallery";
import { VehicleSkeleton } from "~/features/vehicle/vehicle-skeleton";
import { estimateForVehicle } from "~/features/deal/vehicle-estimate.server";
import type { PageEstimate } from "~/features/vehicle/payment-estimator";
import { findPublicVehicle, vehicleForPage, vehicleStructuredData, type VehiclePageVehicle } from "~/features/vehicle/vehicle.server";
import type { AppContext } from "~/server/context.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { metaLocale } from "~/app/lib/locale-handle";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";
import { localeFromPath, localizedPath } from "~/shared/i18n/locales";
import { useLocale, useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { optionLabel } from "~/shared/i18n/option-label";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { pageMeta } from "~/shared/lib/seo";
import { similarVehicles } from "~/shared/lib/similar-vehicles";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { isVehiclePathSlug, parseVehicleIdFromPath, vehiclePath } from "~/shared/lib/vehicle-path";
import { ESTIMATE_QUERY_FIELDS } from "~/shared/validation/estimate-schema";
import { DealerContact } from "~/shared/ui/dealer-contact";
import { deferredHydration } from "~/shared/ui/deferred-hydration";
import { formClientAction } from "~/shared/ui/form-post";
import { JsonLd } from "~/shared/ui/json-ld";
import { MapFacade } from "~/shared/ui/map-facade";
import { SaveVehicleButton } from "~/shared/ui/save-vehicle-button";
import type { Route } from "./+types/vehicle";

/**
 * Below the photos, summary and price: the 'Message Us' form (with the form hook and privacy notice)
 * and the out-the-door estimate. Rendered in the router's tree (a client navigation from a page that
 * hydrates whole), their code is fetched on the first touch or when the browser is idle after load, not
 * with the page; until then, and always in a document of this page (decision 155), the message form posts
 * to this route's action and the estimate's GET form asks this page again, as they do without JavaScript.
 */
const ContactForm = deferredHydration(() => import("~/features/contact/contact-form").then((module) => module.ContactForm));
const PaymentEstimator = deferredHydration(() => import("~/features/vehicle/payment-estimator").then((module) => module.PaymentEstimator));

/**
 * A document of this page hydrates only its islands (decision 155): the header's, the photo gallery and the
 * map. The 'Message Us' form posts to this route's action as a document, the estimate is a GET form, the heart
 * posts to /saved. The loader awaits everything, so a document never streams data that only React Router's
 * client could resolve; only `clientLoader` (a client navigation) shows the skeleton while the details download.
 */
export const handle: PageHydrationHandle = { hydrate: "islands" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const slug = params.vehiclePath;
  const id = isVehiclePathSlug(slug) ? parseVehicleIdFromPath(slug) : null;
  if (!id) throw data(null, { status: 404 });
  // The same lookup as GET /api/vehicles/:id: only a listed vehicle's public fields reach the page's data.
  const found = await findPublicVehicle(ctx, id);
  if (found.kind === "not-found") throw data(null, { status: 404 });
  const url = new URL(request.url);
  const canonical = localizedPath(vehiclePath(found.vehicle), localeFromPath(url.pathname));
  // A valid id under an old or wrong slug moves permanently to the canonical path. Compare the
  // route param, not request.url: client navigations fetch `<path>.data`, which must not redirect-loop.
  if (`/${slug}` !== vehiclePath(found.vehicle)) throw redirect(`${canonical}${url.search}`, 301);
  const similar = similarVehicles(found.vehicle, (await listInventory(ctx)).summaries);
  if (found.kind === "sold") {
    // Gone for good, not missing: 410 tells crawlers to drop it; shoppers get alternatives.
    const soldVehicle: SoldVehicle = { name: vehicleName({ ...found.vehicle, trim: null }, localeFromPath(url.pathname)), path: canonical };
    return data<VehicleData>({ soldVehicle, similar, publicUrl: ctx.env.publicUrl }, { status: 410 });
  }
  const locale = localeFromPath(url.pathname);
  const estimate = await pageEstimate(ctx, found.vehicle.id, url, localizedPath(vehiclePath(found.vehicle), locale));
  // Built here, not in the browser: the page's JavaScript then carries no schema.org code.
  const structuredData = vehicleStructuredData(found.vehicle, ctx.env.publicUrl, locale);
  // Features and description in the page's language, named here: the catalogue stays on the server.
  const vehicle = vehicleForPage(found.vehicle, locale);
  return data<VehicleData>({ vehicle, similar, publicUrl: ctx.env.publicUrl, structuredData, estimate });
}

/**
 * The estimate the page shows: the starting one, or (the form sent before JavaScript, which the
 * page cache never answers) the one for the shopper's fields, or their field messages.
 */
async function pageEstimate(ctx: AppContext, id: string, url: URL, action: string): Promise<PageEstimate> {
  const asked = ESTIMATE_QUERY_FIELDS.some((field) => url.searchParams.has(field));
  const locale = localeFromPath(url.pathname);
  const result = await estimateForVehicle(ctx, id, asked ? Object.fromEntries(url.searchParams) : null, locale);
  if (result.kind === "sold" || result.kind === "not-found") throw data(null, { status: result.kind === "sold" ? 410 : 404 });
  const starting = {
    downPayment: String(result.input.downPayment),
    tradeInValue: String(result.input.tradeInValue),
    tradeInPayoff: String(result.input.tradeInPayoff),
    creditBand: result.input.creditBand,
    termMonths: String(result.input.termMonths),
  };
  const values = asked
    ? (Object.fromEntries(ESTIMATE_QUERY_FIELDS.map((f) => [f, url.searchParams.get(f) ?? starting[f]])) as PageEstimate["values"])
    : starting;
  const options = result.options;
  if (result.kind === "invalid")
    return { vehicleId: id, action, values, input: null, estimate: null, fieldErrors: result.fieldErrors, options };
  return { vehicleId: id, action, values, input: result.input, estimate: result.estimate, fieldErrors: {}, options };
}

type SoldVehicle = { name: string; path: string };
type ListedVehicleData = {
  vehicle: VehiclePageVehicle;
  similar: VehicleSummary[];
  publicUrl: string;
  structuredData: string;
  estimate: PageEstimate;
};
type SoldVehicleData = { soldVehicle: SoldVehicle; similar: VehicleSummary[]; publicUrl: string };
type VehicleData = ListedVehicleData | SoldVehicleData;

/**
 * The page's 'Message Us' form, posted with or without JavaScript: the same service as
 * POST /api/contact, with this page's vehicle.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const refused = refusedFormPost(context);
  if (refused) return refused;
  const ctx = context.get(appContext);
  const slug = params.vehiclePath;
  const id = isVehiclePathSlug(slug) ? parseVehicleIdFromPath(slug) : null;
  // A message about a vehicle sold since the page was opened is still a lead; an unlisted one has no page.
  const found = id ? await findPublicVehicle(ctx, id) : null;
  if (!found || found.kind === "not-found") throw data(null, { status: 404 });
  const result = await contactFormPost(ctx, request, found.vehicle.id);
  return data(result, { status: result.kind === "sent" ? 200 : result.kind === "too-large" ? 413 : 400 });
}

export const clientAction = (args: Route.ClientActionArgs) => formClientAction(args);

/**
 * Client navigations from the inventory: the card's data is already in this browser, so the page
 * commits at once with the loading skeleton while the details download. Otherwise (first visit,
 * unknown id) it waits for the server as usual, which also decides 404 and 301.
 */
export async function clientLoader({ params, request, serverLoader }: Route.ClientLoaderArgs) {
  const slug = params.vehiclePath;
  const id = isVehiclePathSlug(slug) ? parseVehicleIdFromPath(slug) : null;
  const summary = id ? cachedInventory()?.vehicles.find((v) => v.id === id) : undefined;
  if (!summary) return serverLoader();
  const canonical = vehiclePath(summary);
  if (`/${slug}` !== canonical) throw redirect(localizedPath(canonical, localeFromPath(new URL(request.url).pathname)));
  return { summary, pending: serverLoader() };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: metaLocale(matches).messages.layout.notFound.title }];
  if ("soldVehicle" in loaderData) {
    const sold = metaLocale(matches).messages.vehicle.sold;
    return [{ title: `${sold.title} | ${businessProfile.name}` }, { name: "robots", content: "noindex" }];
  }
  const vehicle = "pending" in loaderData ? loaderData.summary : loaderData.vehicle;
  const image = "pending" in loaderData ? loaderData.summary.photo?.src : loaderData.vehicle.images[0];
  const { locale, messages: m } = metaLocale(matches);
  const name = vehicleName({ ...vehicle, trim: null }, locale);
  return pageMeta({
    locale,
    title: m.pages.vehicle.title(name, businessProfile.name),
    description: m.vehicle.description(name, formatPrice(vehicle.price, locale), formatNumber(vehicle.mileage, locale)),
    path: vehiclePath(vehicle),
    publicUrl: publicUrlFrom(matches),
    image,
    type: "product",
  });
};

export default function VehiclePage({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  if (!("pending" in loaderData)) return <VehicleOrSold data={loaderData} />;
  const { summary, pending } = loaderData;
  return (
    <Suspense
      fallback={<VehicleSkeleton name={vehicleName({ ...summary, trim: null }, locale)} price={summary.price} photo={summary.photo} />}
    >
      <Await resolve={pending} errorElement={<VehicleLoadError />}>
        {(data) => <VehicleOrSold data={data} />}
      </Await>
    </Suspense>
  );
}

/** The vehicle vanished meanwhile (404) or the download failed. */
function VehicleLoadError() {
  const error = useAsyncError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}

function VehicleOrSold({ data }: { data: VehicleData }) {
  return "soldVehicle" in data ? <SoldVehiclePage {...data} /> : <VehicleDetails {...data} />;
}

/** A sold vehicle's page (410): says so, offers similar available vehicles, asks not to be indexed. */
function SoldVehiclePage({ soldVehicle, similar }: SoldVehicleData) {
  const v = useMessages().vehicle;
  const path = useLocalizedPath();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10" data-testid="vehicle-sold">
      <section className="mx-auto max-w-2xl rounded-2xl border border-gray-200 p-8 text-center shadow-sm">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">{v.sold.title}</h1>
        <p className="mt-3 text-gray-700">{v.sold.body(soldVehicle.name)}</p>
        <Link to={path("/inventory")} className="button-primary button-lg mt-6">
          {v.sold.browse}
        </Link>
      </section>
      <SimilarVehicles vehicles={similar} />
    </div>
  );
}

/** Up to three similar available vehicles, server-rendered on every vehicle page. */
function SimilarVehicles({ vehicles }: { vehicles: VehicleSummary[] }) {
  const v = useMessages().vehicle;
  if (vehicles.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" className="below-fold mt-12" data-testid="similar-vehicles">
      <h2 id="similar-heading" className="text-2xl font-bold">
        {v.similarVehicles}
      </h2>
      <ul className={`mt-6 ${VEHICLE_GRID_CLASS}`}>
        {vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            <VehicleCard vehicle={vehicle} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function VehicleDetails({ vehicle, similar, structuredData, estimate }: ListedVehicleData) {
  const m = useMessages();
  const posted = useActionData<typeof action>();
  const locale = useLocale();
  const path = useLocalizedPath();
  const v = m.vehicle;
  const o = m.options;
  const name = vehicleName({ ...vehicle, trim: null }, locale);
  const info: [string, string][] = [
    ...(vehicle.trim ? ([[v.trim, vehicle.trim]] as [string, string][]) : []),
    [v.transmission, optionLabel(o.transmission, vehicle.transmission)],
    [v.drivetrain, optionLabel(o.drivetrain, vehicle.drivetrain)],
    [v.bodyStyle, optionLabel(o.bodyStyle, vehicle.bodyStyle)],
    [v.exteriorColor, optionLabel(o.color, vehicle.exteriorColor)],
    [v.mileage, v.miles(formatNumber(vehicle.mileage, locale))],
    [v.vin, vehicle.vin],
    ...(vehicle.stockNumber ? ([[v.stockNumber, vehicle.stockNumber]] as [string, string][]) : []),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <Link to={path("/inventory")} className="inline-flex items-center gap-2 font-semibold text-red-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {v.backToInventory}
      </Link>
      {/* Phones: gallery, summary and message form, then details. Large screens: two columns. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-1 lg:row-start-1">
          <PhotoGallery photos={vehicle.photos} name={name} />
        </div>
        <div className="space-y-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Summary name={name} vehicle={vehicle} docFee={estimate.options.docFee} />
          <section aria-labelledby="message-heading" className="rounded-xl border border-gray-200 p-6">
            <h2 id="message-heading" className="text-xl font-bold">
              {v.messageUs}
            </h2>
            <ContactForm
              className="mt-4"
              action={path(vehiclePath(vehicle))}
              posted={posted}
              vehicleId={vehicle.id}
              defaultMessage={m.contact.vehicleQuestion(vehicle.year, vehicle.make, vehicle.model)}
            />
          </section>
        </div>
        <div className="space-y-8 lg:col-start-1 lg:row-start-2">
          {vehicle.description ? (
            <p className="text-gray-800" lang={vehicle.description.lang ?? undefined} data-testid="vehicle-description">
              {vehicle.description.text}
            </p>
          ) : null}
          {vehicle.features.length > 0 ? (
            <section aria-labelledby="features-heading">
              <h2 id="features-heading" className="text-xl font-bold">
                {v.features}
              </h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="vehicle-features">
                {vehicle.features.map((f) => (
                  <li key={f} className="flex items-start gap-2 text-gray-800">
                    <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />
                    {f}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="info-heading">
            <h2 id="info-heading" className="text-xl font-bold">
              {v.vehicleInfo}
            </h2>
            <dl className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200">
              {info.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 px-4 py-3">
                  <dt className="text-gray-700">{label}</dt>
                  <dd className="text-right font-semibold text-gray-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <PaymentEstimator data={estimate} />
          <p>
            <Link to={path("/trade-in")} className="font-semibold text-red-800 underline hover:text-red-900">
              {m.layout.nav.tradeIn}
            </Link>
          </p>
          <section aria-labelledby="dealer-heading" className="rounded-xl border border-gray-200 p-6">
            <h2 id="dealer-heading" className="text-xl font-bold">
              {v.dealerInformation}
            </h2>
            <div className="mt-4">
              <DealerContact />
            </div>
            <MapFacade text={m.site.map} className="mt-6" minHeight={260} />
          </section>
        </div>
      </div>
      <SimilarVehicles vehicles={similar} />
      <JsonLd json={structuredData} />
    </div>
  );
}

/** Title, sale status, price, call and financing. */
function Summary({ name, vehicle, docFee }: { name: string; vehicle: VehiclePageVehicle; docFee: number }) {
  const v = useMessages().vehicle;
  const locale = useLocale();
  const path = useLocalizedPath();
  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">{name}</h1>
      <VehicleBadges status={vehicle.status} priceReducedBy={vehicle.priceReducedBy} labels={v} className="mt-3" />
      {vehicle.status === "pending" ? <p className="mt-2 text-gray-800">{v.salePendingNote}</p> : null}
      <p className="mt-2 text-3xl font-extrabold text-red-700">
        <span className="sr-only">{v.price}: </span>
        {formatPrice(vehicle.price, locale)}
      </p>
      {/* The headline is the advertised price: say that the documentation fee is in it (L2), as the breakdown below shows. */}
      {docFee > 0 ? <p className="mt-1 text-sm text-gray-700">{v.includesDocFee(formatPrice(docFee, locale))}</p> : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <a href={`tel:${businessProfile.phoneE164}`} className="button-primary button-lg">
          <Phone aria-hidden="true" className="h-5 w-5" />
          {v.call(businessProfile.phone)}
        </a>
        <Link reloadDocument to={path(`/financing?vehicleId=${vehicle.id}`)} className="button-secondary button-lg">
          {v.applyForFinancing}
        </Link>
        <SaveVehicleButton vehicleId={vehicle.id} name={name} className="flex items-center" />
      </div>
    </div>
  );
}
