import { MapPin, Navigation } from "lucide-react";
import { useState } from "react";
import { businessProfile } from "~/shared/config/business-profile";
import { useMessages } from "~/shared/i18n/messages";

/**
 * A lightweight stand-in for the maps embed (docs/behaviour.md §2 Maps): the address and
 * Get Directions right away; the third-party iframe loads only when the shopper asks.
 */
export function MapFacade({ minHeight = 320, className = "" }: { minHeight?: number; className?: string }) {
  const m = useMessages().site.map;
  const [interactive, setInteractive] = useState(false);
  const { name, address, links } = businessProfile;
  const addressLine = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
  return (
    <div className={`overflow-hidden rounded-xl border border-gray-200 ${className}`}>
      {interactive ? (
        <iframe
          title={m.title(name)}
          src={links.mapEmbed}
          style={{ minHeight }}
          className="block h-full w-full border-0"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <div
          style={{ minHeight }}
          className="relative flex h-full flex-col items-center justify-center gap-4 bg-[linear-gradient(135deg,#e5e7eb_25%,#f3f4f6_25%,#f3f4f6_50%,#e5e7eb_50%,#e5e7eb_75%,#f3f4f6_75%)] bg-[length:40px_40px] p-6 text-center"
        >
          <MapPin aria-hidden="true" className="h-10 w-10 text-red-700" />
          <p className="rounded-md bg-white/90 px-3 py-2 font-semibold text-gray-900">
            {name}
            <br />
            <span className="font-normal text-gray-700">{addressLine}</span>
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <button type="button" onClick={() => setInteractive(true)} className="button-secondary button-sm">
              {m.show}
              <span className="sr-only"> ({m.notice})</span>
            </button>
            <a href={links.directions} target="_blank" rel="noopener noreferrer" className="button-primary button-sm">
              <Navigation aria-hidden="true" className="h-4 w-4" />
              {m.getDirections}
            </a>
          </div>
        </div>
      )}
      {interactive ? (
        <div className="p-2">
          <a href={links.directions} target="_blank" rel="noopener noreferrer" className="button-primary button-sm w-full">
            {m.getDirections}
          </a>
        </div>
      ) : null}
    </div>
  );
}
