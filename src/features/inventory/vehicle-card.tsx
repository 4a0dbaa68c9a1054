import { Car } from "lucide-react";
import { Link } from "react-router";
import { useLocale, useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { optionLabel } from "~/shared/i18n/option-label";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { SaveVehicleButton } from "~/shared/ui/save-vehicle-button";
import type { VehicleSummary } from "./vehicle-summary";

/** Card image widths: the grid is 1/2/3 columns inside a 80rem container. */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw";

/**
 * One vehicle (docs/behaviour.md §2 Vehicle card): the first image, 'year make model', price, mileage
 * with ' mi' and the transmission. The image and 'View Details' both open the vehicle page.
 * `eager` for cards in the first row, `priority` for the largest above-the-fold image (always eager:
 * a lazy image waits for layout before it is even requested, so the LCP image must never be lazy).
 * `query` (the estimate's fields the inventory URL carries) is added to the vehicle page's link.
 * `saved`: the page is rendered for a device that saved this vehicle (/saved), so its heart is pressed.
 */
export function VehicleCard({
  vehicle,
  eager = false,
  priority = false,
  query = "",
  saved,
}: {
  vehicle: VehicleSummary;
  eager?: boolean;
  priority?: boolean;
  query?: string;
  saved?: boolean;
}) {
  const m = useMessages().inventory.card;
  const transmissions = useMessages().options.transmission;
  const locale = useLocale();
  const name = vehicleName({ ...vehicle, trim: null }, locale);
  const href = useLocalizedPath()(vehiclePath(vehicle)) + (query ? `?${query}` : "");
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md">
      {/* The image repeats the 'View Details' link: hidden from the tab order and screen readers. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block aspect-[4/3] bg-gray-100">
        {vehicle.photo ? (
          <img
            src={vehicle.photo.src}
            srcSet={vehicle.photo.srcSet}
            sizes={CARD_IMAGE_SIZES}
            width={vehicle.photo.width}
            height={vehicle.photo.height}
            alt=""
            loading={eager || priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <span className="flex h-full w-full items-center justify-center text-gray-600">
            <Car aria-hidden="true" className="h-12 w-12" />
            <span className="sr-only">{m.noPhoto}</span>
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-lg font-bold text-gray-900">{name}</h3>
          <SaveVehicleButton vehicleId={vehicle.id} name={name} saved={saved} className="shrink-0" />
        </div>
        <VehicleBadges status={vehicle.status} priceReducedBy={vehicle.priceReducedBy} labels={m} />
        <p className="mt-1 text-2xl font-extrabold text-red-700">{formatPrice(vehicle.price, locale)}</p>
        <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-gray-700">
          <span>{m.mileage(formatNumber(vehicle.mileage, locale))}</span>
          <span aria-hidden="true">•</span>
          <span>{optionLabel(transmissions, vehicle.transmission)}</span>
        </p>
        <Link to={href} aria-label={`${m.viewDetails}: ${name}`} className="button-primary button-md mt-4">
          {m.viewDetails}
        </Link>
      </div>
    </article>
  );
}

/** "Sale Pending" and "Price reduced $X", on cards and the vehicle page. */
export function VehicleBadges({
  status,
  priceReducedBy,
  labels,
  className = "mt-2",
}: {
  status: VehicleSummary["status"];
  priceReducedBy: number | null;
  labels: { salePending: string; priceReduced: (amount: string) => string };
  className?: string;
}) {
  if (status !== "pending" && !priceReducedBy) return null;
  return (
    <p className={`flex flex-wrap gap-2 ${className}`}>
      {status === "pending" ? (
        <span data-testid="sale-pending" className="rounded-full bg-amber-100 px-3 py-0.5 text-sm font-semibold text-amber-900">
          {labels.salePending}
        </span>
      ) : null}
      {priceReducedBy ? (
        <span data-testid="price-reduced" className="rounded-full bg-green-100 px-3 py-0.5 text-sm font-semibold text-green-900">
          {labels.priceReduced(formatPrice(priceReducedBy))}
        </span>
      ) : null}
    </p>
  );
}

/** A grey placeholder with the card's shape, shown while vehicles load. */
export function VehicleCardPlaceholder() {
  const m = useMessages().inventory.card;
  return (
    <div className="animate-pulse overflow-hidden rounded-xl border border-gray-200 bg-white" role="status" aria-label={m.loading}>
      <div className="aspect-[4/3] bg-gray-200" />
      <div className="space-y-3 p-4">
        <div className="h-5 w-3/4 rounded bg-gray-200" />
        <div className="h-7 w-1/3 rounded bg-gray-200" />
        <div className="h-4 w-1/2 rounded bg-gray-200" />
        <div className="h-10 rounded bg-gray-200" />
      </div>
    </div>
  );
}

/** The results grid: 1 column small, 2 medium, 3 large (docs/behaviour.md §2). */
export const VEHICLE_GRID_CLASS = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3";

/** `count` placeholder cards in the results grid (docs/behaviour.md §9: 6 on the inventory, 3 on home). */
export function VehicleGridPlaceholders({ count, className = "" }: { count: number; className?: string }) {
  return (
    <ul className={`${VEHICLE_GRID_CLASS} ${className}`} data-testid="vehicle-placeholders">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <VehicleCardPlaceholder />
        </li>
      ))}
    </ul>
  );
}
