import { createContext, useContext } from "react";
import { webVitalsScript } from "~/features/tracking/report-web-vitals";
import { pageViewScript } from "~/features/tracking/send-page-view";
import { rememberLocaleScript } from "~/shared/i18n/remember-language";
import { postOnceScript } from "~/shared/ui/post-once";

/**
 * How much of a page hydrates, said in its route's `handle`:
 *
 * - Whole (no `hydrate` in the handle): React Router's client takes the document over, as before.
 * - Never (`hydrate: false`, decision 149): what the page shows does not change after load, its links are
 *   links and its forms post to their actions, so the browser does all it needs without React. Its
 *   document carries no module script of the app's, only an inline one that sends its page view and its
 *   Web Vitals.
 * - Only its islands (`hydrate: "islands"`, decision 151): as "never", plus the islands' own script
 *   (src/app/islands.client.tsx), which hydrates each part that does change (src/shared/ui/island.tsx) as a
 *   root of its own, with React and no router.
 *
 * Reached by a client-side navigation from a page that did hydrate whole, any page renders in that page's
 * React tree like any other route, so its module is still built for the browser.
 */
/**
 * A route's `handle` for a page that does not hydrate whole. Each route writes its own object: one shared
 * from here would be a module of the client build that the chunks shared with pages that do hydrate carry.
 */
export type PageHydrationHandle = { hydrate: false | "islands" };
export type DocumentHydration = "whole" | "islands" | "never";

function hydrationOf(handle: unknown): DocumentHydration {
  if (typeof handle !== "object" || handle === null || !("hydrate" in handle)) return "whole";
  return handle.hydrate === false ? "never" : handle.hydrate === "islands" ? "islands" : "whole";
}

/** How the document of the matched pages hydrates (`useMatches()`): the least any matched route asks. */
export function documentHydration(matches: ReadonlyArray<{ handle?: unknown } | undefined>): DocumentHydration {
  const modes = matches.map((match) => hydrationOf(match?.handle));
  return modes.includes("never") ? "never" : modes.includes("islands") ? "islands" : "whole";
}

/**
 * What the server's entry gives the document from the client build: the web-vitals library's chunk (a page
 * that does not hydrate whole loads it from its inline script, as the root route's module does for the
 * others) and the islands' module script. Empty in development, where there is no build.
 */
export type BrowserScripts = { webVitalsModule: string | null; islandsModuleScript: string | null };
export const BrowserScriptsContext = /* @__PURE__ */ createContext<BrowserScripts>({ webVitalsModule: null, islandsModuleScript: null });

/**
 * The scripts of a page that does not hydrate whole: its page view, the guard that lets each form post once
 * (src/shared/ui/post-once.ts), the language switcher's memory of the shopper's choice
 * (src/shared/i18n/remember-language.ts) and its Web Vitals, and for a page with islands their module script. Rendered on the server only; the client build, where every page has
 * hydrated whole, drops it and this module with it.
 */
export function PageScripts({ nonce, islands }: { nonce: string; islands: boolean }) {
  const { webVitalsModule, islandsModuleScript } = useContext(BrowserScriptsContext);
  return (
    <>
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          __html: pageViewScript() + postOnceScript() + rememberLocaleScript() + (webVitalsModule ? webVitalsScript(webVitalsModule) : ""),
        }}
      />
      {islands && islandsModuleScript ? (
        <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: islandsModuleScript }} />
      ) : null}
    </>
  );
}
