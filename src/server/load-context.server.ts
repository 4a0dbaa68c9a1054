import { createContext } from "react-router";
import type { AppContext } from "./context.server";
import type { Staff } from "./http/staff-request.server";

/** Route loaders and actions read the running server's context from here. */
export const appContext = createContext<AppContext>();

/** What a document rendered on the server takes from the built client (src/app/http/client-build.server.ts). */
export type ClientBuild = {
  /**
   * The build's stylesheets by their `/assets/…` URL (the text, or undefined for one too large to inline),
   * for a public page that paints first (decision 049, amended by 144).
   */
  readStylesheet: (href: string) => string | undefined;
  /** The web-vitals library's chunk, for a page that does not hydrate whole (decision 149); null if the build has none. */
  webVitalsModule: string | null;
  /** The module script of a page that hydrates only its islands (decision 151); null if the build has none. */
  islandsModuleScript: string | null;
};

/**
 * The built client; absent where the HTTP layer has none (development), where pages render as React
 * Router writes them.
 */
export const clientBuildContext = createContext<ClientBuild | null>(null);

/** The per-request CSP nonce set by the HTTP layer. */
export const cspNonceContext = createContext<string>("");

/**
 * A page's form post that its rate limit refused (the message in the page's language): the route
 * action answers 429 with it instead of reading the post (src/server/http/rate-limit.server.ts).
 */
export const formRefusalContext = createContext<string | undefined>(undefined);

/**
 * Whether the page a path reaches takes secrets (Cross-Origin-Opener-Policy: same-origin, decision 052),
 * from the route table the HTTP layer matches requests with (decision 087), for any spelling of the path.
 */
export const isolatedFromOpenersContext = createContext<(path: string) => boolean>();

/**
 * The client's address as Express sees it (behind one trusted proxy, the forwarded one; null when it has
 * none): kept with an optional consent to calls and texts a form records (decision 094), never with
 * anything else, and the key of the staff sign-in page's throttle (decision 103).
 */
export const clientAddressContext = createContext<string | null>(null);

/**
 * The signed-in staff member of a staff page, set by the podium layout's middleware from the session
 * cookie (src/app/lib/staff-session.server.ts); null on the pages a signed-out person may open (sign-in).
 */
export const staffContext = createContext<Staff | null>(null);

/** A staff page's one-time message after a redirect (a signed flash cookie, read and cleared by the same middleware). */
export const staffFlashContext = createContext<string | null>(null);
