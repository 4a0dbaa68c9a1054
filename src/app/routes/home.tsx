import { BadgeDollarSign, CalendarCheck, Car, MapPin, Phone, Wrench } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { Await, Link } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { listInventory } from "~/features/inventory/inventory.server";
import { cachedInventory, isPromise, type MaybeDeferred } from "~/features/inventory/inventory-client-cache";
import { VEHICLE_GRID_CLASS, VehicleCard, VehicleGridPlaceholders } from "~/features/inventory/vehicle-card";
import type { VehicleSummary } from "~/features/inventory/vehicle-summary";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { metaLocale } from "~/app/lib/locale-handle";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import { DealerContact } from "~/shared/ui/dealer-contact";
import { MapFacade } from "~/shared/ui/map-facade";
import type { Route } from "./+types/home";

/**
 * Only the map, the header's Open/Closed badge, the language suggestion and the welcome card change after
 * load: the rest is links (decision 151).
 */
export const handle: PageHydrationHandle = { hydrate: "islands" };

/** Featured vehicles on the home page (docs/behaviour.md §9). */
const FEATURED_COUNT = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { summaries } = await listInventory(context.get(appContext));
  return { featured: summaries.slice(0, FEATURED_COUNT) };
}

/** Client navigations: from the list already in this browser, else 3 placeholder cards while it downloads. */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs): { featured: MaybeDeferred<VehicleSummary[]> } {
  const cached = cachedInventory();
  if (cached) return { featured: cached.vehicles.slice(0, FEATURED_COUNT) };
  return { featured: serverLoader().then((data) => data.featured) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { locale, messages: m } = metaLocale(matches);
  return pageMeta({
    locale,
    title: m.pages.home.title(businessProfile.name),
    description: m.pages.home.description(businessProfile.name),
    path: "/",
    publicUrl: publicUrlFrom(matches),
    image: loaderData && Array.isArray(loaderData.featured) ? loaderData.featured[0]?.photo?.src : undefined,
  });
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const path = useLocalizedPath();
  const m = useMessages();
  const s = m.site;
  const { featured } = loaderData;
  const serviceIcons = [Car, BadgeDollarSign, Wrench];
  return (
    <>
      <PageHero title={m.shells.home.heroTitle} subtitle={m.shells.home.heroSubtitle}>
        <Link to={path("/inventory")} className="button-primary button-lg">
          {m.shells.home.browseInventory}
        </Link>
        <Link reloadDocument to={path("/financing")} className="button-inverse button-lg">
          {m.shells.home.getFinancing}
        </Link>
        <Link to={path("/trade-in")} className="button-ghost button-lg">
          {m.layout.nav.tradeIn}
        </Link>
      </PageHero>

      {/* A document has the cards itself (no Suspense, so the raw HTML shows them); a client navigation may still be downloading them. */}
      {isPromise(featured) ? (
        <Suspense fallback={<FeaturedSection>{<VehicleGridPlaceholders count={FEATURED_COUNT} className="mt-8" />}</FeaturedSection>}>
          <Await resolve={featured} errorElement={null}>
            {(list) => <FeaturedVehicles vehicles={list} />}
          </Await>
        </Suspense>
      ) : (
        <FeaturedVehicles vehicles={featured} />
      )}

      <section className="bg-gray-50">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center">
          <h2 className="text-3xl font-bold">{s.home.welcomeHeading(businessProfile.name)}</h2>
          <p className="mt-4 text-lg text-gray-700">{s.home.welcomeText}</p>
        </div>
      </section>

      <section aria-labelledby="services-heading" className="below-fold mx-auto max-w-7xl px-4 py-14">
        <h2 id="services-heading" className="text-center text-3xl font-bold">
          {s.home.servicesHeading}
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {s.home.services.map((service, i) => {
            const Icon = serviceIcons[i] ?? Car;
            return (
              <div key={service.title} className="rounded-xl border border-gray-200 p-6 shadow-sm">
                <Icon aria-hidden="true" className="h-10 w-10 text-red-700" />
                <h3 className="mt-4 text-xl font-bold">{service.title}</h3>
                <p className="mt-2 text-gray-700">{service.text}</p>
              </div>
            );
          })}
        </div>
        <p className="mt-8 text-center">
          <Link to="/booking" className="button-primary button-lg">
            <CalendarCheck aria-hidden="true" className="h-5 w-5" />
            {s.home.bookService}
          </Link>
        </p>
      </section>

      <section aria-labelledby="why-heading" className="bg-gray-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14">
          <h2 id="why-heading" className="text-center text-3xl font-bold">
            {s.home.whyHeading}
          </h2>
          <dl className="mt-8 grid grid-cols-2 gap-6 md:grid-cols-4">
            {s.home.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse text-center">
                <dt className="mt-1 text-gray-200">{stat.label}</dt>
                <dd className="text-4xl font-extrabold text-red-400">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="visit-heading" className="below-fold mx-auto max-w-7xl overflow-x-clip px-4 py-14">
        <h2 id="visit-heading" className="text-3xl font-bold">
          {s.visit.heading}
        </h2>
        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <div>
            <DealerContact />
            <div className="mt-6 flex flex-wrap gap-3">
              <a href={`tel:${businessProfile.phoneE164}`} className="button-primary button-lg">
                <Phone aria-hidden="true" className="h-5 w-5" />
                {s.visit.callNow}
              </a>
              <a
                href={businessProfile.links.mapsListing}
                target="_blank"
                rel="noopener noreferrer"
                className="button-outline button-lg relative"
              >
                <span
                  aria-hidden="true"
                  className="absolute inset-0 animate-ping rounded-md border-2 border-red-700 opacity-40 motion-reduce:hidden"
                />
                <MapPin aria-hidden="true" className="h-5 w-5" />
                {s.visit.findUs}
              </a>
            </div>
          </div>
          <MapFacade text={s.map} minHeight={360} />
        </div>
      </section>
    </>
  );
}

function FeaturedSection({ children }: { children: ReactNode }) {
  const path = useLocalizedPath();
  const s = useMessages().site;
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="featured-heading" className="text-3xl font-bold">
            {s.home.featured}
          </h2>
          <p className="mt-2 text-gray-700">{s.home.featuredSubtitle}</p>
        </div>
        <Link to={path("/inventory")} className="font-semibold text-red-800 hover:underline">
          {s.home.viewAll}
        </Link>
      </div>
      {children}
    </section>
  );
}

/** The first vehicles as cards; the section is hidden when there are none (docs/behaviour.md §2). */
function FeaturedVehicles({ vehicles }: { vehicles: VehicleSummary[] }) {
  if (vehicles.length === 0) return null;
  return (
    <FeaturedSection>
      <ul className={`mt-8 ${VEHICLE_GRID_CLASS}`}>
        {vehicles.map((v, i) => (
          <li key={v.id} className={i === 0 ? undefined : "below-fold-card"}>
            <VehicleCard vehicle={v} priority={i === 0} />
          </li>
        ))}
      </ul>
    </FeaturedSection>
  );
}
