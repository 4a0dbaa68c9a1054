import { useEffect, useState } from "react";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";

/** The code that writes the list loads on the first press, not with the page (decision 016). */
const savedList = () => import("~/shared/lib/saved-on-device");

/**
 * The heart on every vehicle card and vehicle page (docs/behaviour.md §21): a form button that posts to
 * /saved without JavaScript (the server keeps the vehicle in this device's list and shows the list),
 * and with it toggles in place. The page's HTML is the same for every shopper (the document cache
 * keeps one copy): whether this device saved the vehicle is read from its cookie after hydration (its
 * id in the `saved` cookie, src/shared/lib/saved-on-device.ts), so the button says nothing about being
 * pressed until then. A page rendered for this device alone (/saved, which never hydrates: decision 152)
 * says `saved` from the start, and the button then posts the removal.
 */
export function SaveVehicleButton({
  vehicleId,
  name,
  saved: savedOnServer,
  className = "",
}: {
  vehicleId: string;
  name: string;
  saved?: boolean;
  className?: string;
}) {
  const m = useMessages().inventory.save;
  const path = useLocalizedPath();
  const [saved, setSaved] = useState<boolean | null>(savedOnServer ?? null);
  const [full, setFull] = useState(false);
  // A vehicle id appears in the cookie only as a saved vehicle (`v=<id>`): no parsing needed to know.
  useEffect(() => setSaved(document.cookie.includes(`v=${vehicleId}`)), [vehicleId]);
  return (
    <form
      method="post"
      action={path("/saved")}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const next = !saved;
        void savedList().then(({ saveOnThisDevice }) => {
          const done = saveOnThisDevice("vehicles", vehicleId, next);
          setFull(!done);
          if (done) setSaved(next);
        });
      }}
    >
      <input type="hidden" name="intent" value={saved ? "remove-vehicle" : "save-vehicle"} />
      <input type="hidden" name="vehicleId" value={vehicleId} />
      <button type="submit" aria-pressed={saved ?? undefined} data-testid="save-vehicle" className="button-secondary button-sm">
        {/* A character, not an SVG icon: a few bytes on every card (decision 016). */}
        <span aria-hidden="true" className={saved ? "text-red-700" : "text-gray-400"}>
          ♥
        </span>
        {m.save}
        <span className="sr-only">{` ${name}`}</span>
      </button>
      {/* Present from the start, so a screen reader announces it when the list is full. */}
      <span role="status" className="ml-2 text-sm text-red-800 empty:hidden">
        {full ? m.full : ""}
      </span>
    </form>
  );
}
