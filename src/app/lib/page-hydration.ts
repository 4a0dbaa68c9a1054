/**
 * Pages that never hydrate (decision 149): what they show does not change after load, their links are
 * links and their forms post to their actions, so the browser does all they need without React. Such a
 * page says so in its route's `handle`; its document then carries no module script at all, only its page
 * view. Reached by a client-side navigation from a page that did hydrate, it renders in that page's
 * React tree like any other route, so its module is still built for the browser.
 */
export type PageHydrationHandle = { hydrate: false };

export const neverHydrated: PageHydrationHandle = { hydrate: false };

function isNeverHydrated(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "hydrate" in handle && handle.hydrate === false;
}

/** Whether the document of the matched pages loads React and the routes' scripts (`useMatches()`). */
export function documentHydrates(matches: ReadonlyArray<{ handle?: unknown } | undefined>): boolean {
  return !matches.some((match) => isNeverHydrated(match?.handle));
}
