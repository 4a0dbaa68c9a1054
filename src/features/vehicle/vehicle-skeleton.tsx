import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { useLocale, useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { formatPrice } from "~/shared/lib/format";
import type { VehiclePhoto } from "~/shared/types/vehicle";

/**
 * The vehicle page while its details download (docs/behaviour.md §2 loading skeleton). What the browser
 * already knows from the inventory (name, price, cover photo) shows at once; the rest pulses.
 */
export function VehicleSkeleton({ name, price, photo }: { name: string; price: number; photo: VehiclePhoto | null }) {
  const path = useLocalizedPath();
  const m = useMessages();
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10" data-testid="vehicle-skeleton" aria-busy="true">
      <Link to={path("/inventory")} className="inline-flex items-center gap-2 font-semibold text-red-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {m.vehicle.backToInventory}
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-3">
          {photo ? (
            <img
              src={photo.src}
              srcSet={photo.srcSet}
              sizes="(min-width: 1024px) 720px, 100vw"
              width={photo.width}
              height={photo.height}
              alt=""
              className="aspect-[4/3] w-full rounded-xl object-cover"
            />
          ) : (
            <div className="aspect-[4/3] w-full animate-pulse rounded-xl bg-gray-200" />
          )}
          <div className="flex gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-[72px] w-24 animate-pulse rounded-md bg-gray-200" />
            ))}
          </div>
        </div>
        <div className="space-y-4">
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">{name}</h1>
          <p className="text-3xl font-extrabold text-red-700">{formatPrice(price, locale)}</p>
          <div className="h-12 animate-pulse rounded-md bg-gray-200" />
          <div className="h-64 animate-pulse rounded-xl bg-gray-200" />
        </div>
      </div>
    </div>
  );
}
