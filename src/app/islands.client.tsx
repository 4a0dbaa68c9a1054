import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { LanguageSuggestionIsland } from "~/app/layout/language-suggestion-island";
import { MenuButtonIsland } from "~/app/layout/menu-button-island";
import { OpenStatusIsland } from "~/app/layout/open-status-island";
import { WelcomeCardIsland } from "~/app/layout/welcome-card-island";
import type { IslandName } from "~/shared/ui/island";
import { MapFacadeView } from "~/shared/ui/map-facade";

/**
 * The script of a page that hydrates only its islands (decision 151), the client build's second entry
 * (vite.config.ts): each island (src/shared/ui/island.tsx) hydrates as a root of its own, with the props
 * the server wrote beside it. No router, no loader data, no catalogue: the page's links and forms are the
 * browser's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each view takes the props its own wrapper wrote
const VIEWS: Record<IslandName, ComponentType<any>> = {
  "map-facade": MapFacadeView,
  "open-status": OpenStatusIsland,
  "language-suggestion": LanguageSuggestionIsland,
  "welcome-card": WelcomeCardIsland,
  "menu-button": MenuButtonIsland,
};

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const View = VIEWS[element.dataset.island as IslandName];
  if (View) hydrateRoot(element, <View {...(JSON.parse(element.dataset.props ?? "{}") as object)} />);
}
