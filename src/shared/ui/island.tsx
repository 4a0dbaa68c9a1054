import { createContext, useContext, type ComponentType } from "react";

/**
 * A part of a page that hydrates on its own (decision 151). On a page that hydrates only its islands
 * (`{ hydrate: "islands" }` in its route's handle), the server renders the view inside a wrapper that
 * names it and carries its props, so the page needs no router, no loader data and no catalogue in the
 * browser: the islands' script (src/app/islands.client.tsx) finds each wrapper and hydrates the view the
 * name stands for, with the props written there. Everywhere else (a page that hydrates whole, and every
 * render in the browser) it is just the view.
 *
 * A view takes everything from its props (text already in the page's language, JSON only) and imports
 * only React and the modules the build puts in the framework chunk (vite.config.ts), so the islands'
 * script loads nothing a page that hydrates whole would not.
 */
export function Island<P extends object>({ name, view: View, props }: { name: IslandName; view: ComponentType<P>; props: P }) {
  // A build-time constant: the client build keeps only the view.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the branch is fixed per build
  if (!import.meta.env.SSR || !useContext(IslandsDocumentContext)) return <View {...props} />;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <View {...props} />
    </div>
  );
}

/** Whether the document being rendered on the server hydrates only its islands (the root layout says). */
export const IslandsDocumentContext = /* @__PURE__ */ createContext(false);

/** Every island's name; src/app/islands.client.tsx maps each to its view (its type makes it name them all). */
export const ISLAND_NAMES = [
  "map-facade",
  "open-status",
  "language-suggestion",
  "welcome-card",
  "menu-button",
  // The forms' islands (decision 153): their views are loaded by the pages that show them.
  "license-upload",
  "signature-pad",
  "ssn-input",
  "trade-in-photos",
  // The vehicle page's gallery (decision 155), loaded by that page the same way.
  "photo-gallery",
  // The booking page's wizard (decision 158), loaded by that page with its language's catalogue.
  "booking-wizard",
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];
