import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { LanguageSuggestionIsland } from "~/app/layout/language-suggestion-island";
import { MenuButtonIsland } from "~/app/layout/menu-button-island";
import { OpenStatusIsland } from "~/app/layout/open-status-island";
import { WelcomeCardIsland } from "~/app/layout/welcome-card-island";
import type { IslandName } from "~/shared/ui/island";

/**
 * The script of a page that hydrates only its islands (decision 151), the client build's second entry
 * (vite.config.ts): each island (src/shared/ui/island.tsx) hydrates as a root of its own, with the props
 * the server wrote beside it. No router, no loader data, no catalogue: the page's links and forms are the
 * browser's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each view takes the props its own wrapper wrote
type View = ComponentType<any>;
/**
 * A view only some pages show, loaded by the page that does, so the others' script does not grow (decision 153).
 * It may load what it needs from its props first (the booking wizard, its language's catalogue: decision 158).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as View
type LoadedView = { load: (props: any) => Promise<View> };

const VIEWS: Record<IslandName, View | LoadedView> = {
  // On the home page, the contact page and the vehicle page only (decision 158's amendment).
  "map-facade": { load: () => import("~/shared/ui/map-facade").then((m) => m.MapFacadeView) },
  "open-status": OpenStatusIsland,
  "language-suggestion": LanguageSuggestionIsland,
  "welcome-card": WelcomeCardIsland,
  "menu-button": MenuButtonIsland,
  "license-upload": { load: () => import("~/features/financing/financing-islands").then((m) => m.LicenseUpload) },
  "signature-pad": { load: () => import("~/features/financing/financing-islands").then((m) => m.SignaturePad) },
  "ssn-input": { load: () => import("~/features/financing/financing-islands").then((m) => m.SsnInput) },
  "trade-in-photos": { load: () => import("~/features/trade-in/trade-in-photos").then((m) => m.TradeInPhotos) },
  "photo-gallery": { load: () => import("~/features/vehicle/photo-gallery-view").then((m) => m.PhotoGalleryView) },
  "booking-wizard": { load: (props) => import("~/features/booking/booking-wizard-island").then((m) => m.bookingWizardIsland(props)) },
};

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const view = VIEWS[element.dataset.island as IslandName];
  if (!view) continue;
  const props = JSON.parse(element.dataset.props ?? "{}") as object;
  const hydrate = (View: View) => hydrateRoot(element, <View {...props} />);
  if ("load" in view) void view.load(props).then(hydrate);
  else hydrate(view);
}
