import { createContext, useContext } from "react";
import { webVitalsScript } from "~/features/tracking/report-web-vitals";
import { pageViewScript } from "~/features/tracking/send-page-view";

/**
 * Pages that never hydrate (decision 149): what they show does not change after load, their links are
 * links and their forms post to their actions, so the browser does all they need without React. Such a
 * page says so in its route's `handle`; its document then carries no module script of the app's, only an
 * inline one that sends its page view and its Web Vitals. Reached by a client-side navigation from a page that did hydrate, it renders in that page's
 * React tree like any other route, so its module is still built for the browser.
 */
/**
 * A route's `handle` for a page that never hydrates. Each route writes its own object: one shared from
 * here would be a module of the client build that the chunks shared with pages that do hydrate carry.
 */
export type PageHydrationHandle = { hydrate: false };

function isNeverHydrated(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "hydrate" in handle && handle.hydrate === false;
}

/** Whether the document of the matched pages loads React and the routes' scripts (`useMatches()`). */
export function documentHydrates(matches: ReadonlyArray<{ handle?: unknown } | undefined>): boolean {
  return !matches.some((match) => isNeverHydrated(match?.handle));
}

/**
 * The web-vitals library's chunk in the client build, given by the server's entry to the document it
 * renders: a page that never hydrates loads it from its inline script, as the root route's module does for
 * the others. Null in development, where there is no build.
 */
export const WebVitalsModuleContext = /* @__PURE__ */ createContext<string | null>(null);

/**
 * The one script of a page that never hydrates: its page view and its Web Vitals. Rendered on the server
 * only; the client build, where every page has hydrated, drops it and this module with it.
 */
export function NeverHydratedPageScript({ nonce }: { nonce: string }) {
  const webVitalsModule = useContext(WebVitalsModuleContext);
  return (
    <script
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: pageViewScript + (webVitalsModule ? webVitalsScript(webVitalsModule) : "") }}
    />
  );
}
