import { ArrowLeft } from "lucide-react";
import { useMemo } from "react";
import { Link, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { InventoryBrowser, visibleVehicles } from "~/features/inventory/inventory-browser";
import { filtersFromSearchParams } from "~/features/inventory/inventory-filters";
import { listInventory } from "~/features/inventory/inventory.server";
import { toVehicleSummary } from "~/features/inventory/vehicle-summary";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import { itemListJsonLd } from "~/shared/lib/structured-data";
import { JsonLd } from "~/shared/ui/json-ld";
import type { Route } from "./+types/inventory";

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { vehicles } = await listInventory(ctx);
  // The client filters the whole list instantly (spec §5), so it gets every vehicle, slimmed to card fields.
  return { vehicles: vehicles.map(toVehicleSummary), publicUrl: ctx.env.publicUrl };
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
    image: loaderData?.vehicles[0]?.photo?.src,
    type: "website",
  });
};

export default function InventoryPage({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const { vehicles, publicUrl } = loaderData;
  const [searchParams] = useSearchParams();
  const structured = useMemo(() => {
    const listed = visibleVehicles(vehicles, filtersFromSearchParams(searchParams));
    return itemListJsonLd(
      listed.map((v) => ({ ...v, images: v.photo ? [v.photo.src] : [] })),
      publicUrl,
    );
  }, [vehicles, searchParams, publicUrl]);
  return (
    <>
      <PageHero title={m.shells.inventory.title} subtitle={m.shells.inventory.subtitle}>
        <Link to="/" className="inline-flex items-center gap-2 rounded-md border border-white/50 px-4 py-2 font-semibold hover:bg-white/10">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {m.layout.back}
        </Link>
      </PageHero>
      <section className="mx-auto max-w-7xl px-4 py-8">
        <InventoryBrowser vehicles={vehicles} />
      </section>
      <JsonLd data={structured} />
    </>
  );
}
