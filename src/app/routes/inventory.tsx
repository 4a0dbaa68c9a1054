import { ArrowLeft } from "lucide-react";
import { Suspense, useMemo } from "react";
import { Await, Link, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { InventoryBrowser, visibleVehicles } from "~/features/inventory/inventory-browser";
import { filtersFromSearchParams } from "~/features/inventory/inventory-filters";
import { listInventory } from "~/features/inventory/inventory.server";
import { isClientNavigation } from "~/features/inventory/client-navigation.server";
import { VehicleGridPlaceholders } from "~/features/inventory/vehicle-card";
import { toVehicleSummary, type VehicleSummary } from "~/features/inventory/vehicle-summary";
import type { AppContext } from "~/server/context.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import { itemListJsonLd } from "~/shared/lib/structured-data";
import { JsonLd } from "~/shared/ui/json-ld";
import type { Route } from "./+types/inventory";

/** Placeholder cards while the list loads (spec §9). */
const LOADING_PLACEHOLDERS = 6;

async function loadSummaries(ctx: AppContext): Promise<VehicleSummary[]> {
  const { vehicles } = await listInventory(ctx);
  return vehicles.map(toVehicleSummary);
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  // The client filters the whole list instantly (spec §5), so it gets every vehicle, slimmed to card
  // fields. Documents carry it in full; client navigations stream it behind placeholder cards.
  const vehicles = isClientNavigation(request) ? loadSummaries(ctx) : await loadSummaries(ctx);
  return { vehicles, publicUrl: ctx.env.publicUrl };
}

// Filters only change the query string: filtering happens in the page, no refetch.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const m = messagesFor();
  return pageMeta({
    title: m.pages.inventory.title(businessProfile.name),
    description: m.pages.inventory.description,
    path: "/inventory",
    publicUrl: publicUrlFrom(matches),
    image: Array.isArray(loaderData?.vehicles) ? loaderData.vehicles[0]?.photo?.src : undefined,
    type: "website",
  });
};

export default function InventoryPage({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const { vehicles, publicUrl } = loaderData;
  return (
    <>
      <PageHero title={m.shells.inventory.title} subtitle={m.shells.inventory.subtitle}>
        <Link to="/" className="inline-flex items-center gap-2 rounded-md border border-white/50 px-4 py-2 font-semibold hover:bg-white/10">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {m.layout.back}
        </Link>
      </PageHero>
      <section className="mx-auto max-w-7xl px-4 py-8">
        {/* A document has the list itself: render it in place (no Suspense boundary, which React may
            stream out of line for large content) so the raw HTML shows the cards without JavaScript. */}
        {Array.isArray(vehicles) ? (
          <InventoryContent vehicles={vehicles} publicUrl={publicUrl} />
        ) : (
          <Suspense fallback={<VehicleGridPlaceholders count={LOADING_PLACEHOLDERS} />}>
            <Await resolve={vehicles}>{(list) => <InventoryContent vehicles={list} publicUrl={publicUrl} />}</Await>
          </Suspense>
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

/** The ItemList JSON-LD of the cards the current URL shows (spec §2). */
function InventoryItemList({ vehicles, publicUrl }: { vehicles: VehicleSummary[]; publicUrl: string }) {
  const [searchParams] = useSearchParams();
  const structured = useMemo(() => {
    const listed = visibleVehicles(vehicles, filtersFromSearchParams(searchParams));
    return itemListJsonLd(
      listed.map((v) => ({ ...v, images: v.photo ? [v.photo.src] : [] })),
      publicUrl,
    );
  }, [vehicles, searchParams, publicUrl]);
  return <JsonLd data={structured} />;
}
