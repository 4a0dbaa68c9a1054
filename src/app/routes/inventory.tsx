import { ArrowLeft } from "lucide-react";
import { Suspense, useEffect, useMemo } from "react";
import { Await, Link, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { InventoryBrowser, visibleVehicles } from "~/features/inventory/inventory-browser";
import type { VehicleSummary } from "~/features/inventory/vehicle-summary";
import { filtersFromSearchParams } from "~/shared/lib/inventory-filters";
import { listInventory } from "~/features/inventory/inventory.server";
import {
  cachedInventory,
  isPromise,
  rememberInventory,
  unpackInventory,
  type InventoryData,
  type MaybeDeferred,
  type PackedInventoryData,
} from "~/features/inventory/inventory-client-cache";
import { VehicleGridPlaceholders } from "~/features/inventory/vehicle-card";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { metaLocale } from "~/app/lib/locale-handle";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";
import { useLocale, useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import { itemListJsonLd, serializeJsonLd } from "~/shared/lib/structured-data";
import { JsonLd } from "~/shared/ui/json-ld";
import type { Route } from "./+types/inventory";

/**
 * A document of this page hydrates only the header's islands (decision 154): its filters are a GET form
 * whose answer is the next document, its cards are links and its hearts post to /saved. The list is the
 * loader's, awaited, so the document never streams data that only React Router's client could resolve.
 */
export const handle: PageHydrationHandle = { hydrate: "islands" };

/** Placeholder cards while the list loads (docs/behaviour.md §9). */
const LOADING_PLACEHOLDERS = 6;

export async function loader({ context }: Route.LoaderArgs): Promise<PackedInventoryData> {
  const ctx = context.get(appContext);
  // The client filters the whole list instantly (docs/behaviour.md §5), so it gets every vehicle, slimmed to card fields.
  const { packedSummaries } = await listInventory(ctx);
  return { vehicles: packedSummaries, publicUrl: ctx.env.publicUrl };
}

/**
 * Client navigations: the list already in this browser renders at once; otherwise the page
 * commits immediately with 6 placeholder cards while the list downloads (docs/behaviour.md §2).
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs): { inventory: MaybeDeferred<InventoryData> } {
  const cached = cachedInventory();
  if (cached) return { inventory: cached };
  return {
    inventory: serverLoader().then((packed) => {
      const data = unpackInventory(packed);
      rememberInventory(data);
      return data;
    }),
  };
}

// Filters only change the query string: filtering happens in the page, no refetch.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { locale, messages: m } = metaLocale(matches);
  return pageMeta({
    locale,
    title: m.pages.inventory.title(businessProfile.name),
    description: m.pages.inventory.description,
    path: "/inventory",
    publicUrl: publicUrlFrom(matches),
    image: loaderData && "vehicles" in loaderData ? unpackInventory(loaderData).vehicles[0]?.photo?.src : undefined,
    type: "website",
  });
};

export default function InventoryPage({ loaderData }: Route.ComponentProps) {
  const path = useLocalizedPath();
  const m = useMessages();
  // A document's data (server loader) or a client navigation's (clientLoader, maybe still downloading).
  const inventory: MaybeDeferred<InventoryData> = useMemo(
    () => ("inventory" in loaderData ? loaderData.inventory : unpackInventory(loaderData)),
    [loaderData],
  );
  useEffect(() => {
    if (!isPromise(inventory)) rememberInventory(inventory);
  }, [inventory]);
  return (
    <>
      <PageHero title={m.shells.inventory.title} subtitle={m.shells.inventory.subtitle}>
        <Link to={path("/")} className="button-ghost button-md">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {m.layout.back}
        </Link>
      </PageHero>
      <section className="mx-auto max-w-7xl px-4 py-8">
        {/* A document has the list itself: render it in place (no Suspense boundary, which React may
            stream out of line for large content) so the raw HTML shows the cards without JavaScript. */}
        {isPromise(inventory) ? (
          <Suspense fallback={<VehicleGridPlaceholders count={LOADING_PLACEHOLDERS} />}>
            <Await resolve={inventory} errorElement={<p className="text-gray-700">{m.layout.error.text}</p>}>
              {(data) => <InventoryContent {...data} />}
            </Await>
          </Suspense>
        ) : (
          <InventoryContent {...inventory} />
        )}
      </section>
    </>
  );
}

function InventoryContent({ vehicles, publicUrl }: { vehicles: VehicleSummary[]; publicUrl: string }) {
  return (
    <>
      <InventoryBrowser vehicles={vehicles} />
      <InventoryItemList vehicles={vehicles} publicUrl={publicUrl} />
    </>
  );
}

/** The ItemList JSON-LD of the cards the current URL shows (docs/behaviour.md §2). */
function InventoryItemList({ vehicles, publicUrl }: { vehicles: VehicleSummary[]; publicUrl: string }) {
  const [searchParams] = useSearchParams();
  // Each item points at the vehicle's page in this page's language (/es/used-…), as the vehicle pages' own JSON-LD does.
  const locale = useLocale();
  const labels = useMessages().options;
  const structured = useMemo(() => {
    const listed = visibleVehicles(vehicles, filtersFromSearchParams(searchParams));
    return itemListJsonLd(
      listed.map((v) => ({ ...v, images: v.photo ? [v.photo.src] : [] })),
      publicUrl,
      locale,
      labels,
    );
  }, [vehicles, searchParams, publicUrl, locale, labels]);
  return <JsonLd json={serializeJsonLd(structured)} />;
}
