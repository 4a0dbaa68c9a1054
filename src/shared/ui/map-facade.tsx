import { MapPin, Navigation } from "lucide-react";
import { useEffect, useState } from "react";
import { businessProfile } from "~/shared/config/business-profile";
import type { site } from "~/shared/i18n/en/site";
import { Island } from "~/shared/ui/island";

/** The map facade's text, from the page's catalogue (`useMessages().site.map`). */
export type MapFacadeText = typeof site.map;

/**
 * A lightweight stand-in for the maps embed (docs/behaviour.md §2 Maps): the address and
 * Get Directions right away; the third-party iframe loads only when the shopper asks. An island
 * (decision 151): the page gives it its text, as it reads nothing from the page's context.
 */
export function MapFacade({ text, minHeight = 320, className = "" }: { text: MapFacadeText; minHeight?: number; className?: string }) {
  const { name, address, links } = businessProfile;
  const props: MapFacadeViewProps = {
    title: text.title(name),
    show: text.show,
    notice: text.notice,
    getDirections: text.getDirections,
    name,
    addressLine: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`,
    mapEmbed: links.mapEmbed,
    directions: links.directions,
    minHeight,
    className,
  };
  return <Island name="map-facade" view={MapFacadeView} props={props} />;
}

export type MapFacadeViewProps = {
  title: string;
  show: string;
  notice: string;
  getDirections: string;
  name: string;
  addressLine: string;
  mapEmbed: string;
  directions: string;
  minHeight: number;
  className: string;
};

export function MapFacadeView(p: MapFacadeViewProps) {
  const [interactive, setInteractive] = useState(false);
  // The map's button needs JavaScript: it is not shown (its place kept) until it works (decision 125).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className={`overflow-hidden rounded-xl border border-gray-200 ${p.className}`}>
      {interactive ? (
        <iframe
          title={p.title}
          src={p.mapEmbed}
          style={{ minHeight: p.minHeight }}
          className="block h-full w-full border-0"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <div
          style={{ minHeight: p.minHeight }}
          className="relative flex h-full flex-col items-center justify-center gap-4 bg-[linear-gradient(135deg,#e5e7eb_25%,#f3f4f6_25%,#f3f4f6_50%,#e5e7eb_50%,#e5e7eb_75%,#f3f4f6_75%)] bg-[length:40px_40px] p-6 text-center"
        >
          <MapPin aria-hidden="true" className="h-10 w-10 text-red-700" />
          <p className="rounded-md bg-white/90 px-3 py-2 font-semibold text-gray-900">
            {p.name}
            <br />
            <span className="font-normal text-gray-700">{p.addressLine}</span>
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <button
              type="button"
              onClick={() => setInteractive(true)}
              className={`button-secondary button-sm ${hydrated ? "" : "invisible"}`}
            >
              {p.show}
              <span className="sr-only"> ({p.notice})</span>
            </button>
            <a href={p.directions} target="_blank" rel="noopener noreferrer" className="button-primary button-sm">
              <Navigation aria-hidden="true" className="h-4 w-4" />
              {p.getDirections}
            </a>
          </div>
        </div>
      )}
      {interactive ? (
        <div className="p-2">
          <a href={p.directions} target="_blank" rel="noopener noreferrer" className="button-primary button-sm w-full">
            {p.getDirections}
          </a>
        </div>
      ) : null}
    </div>
  );
}
