import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { ROUTE_POLICIES, type RoutePolicy } from "~/app/route-policy.server";

/**
 * The one route table every guard reads (decision 087): the server build's routes, matched by React
 * Router's own `matchRoutes`, so a guard sees the route the router will run. Before this, the guards
 * matched the raw path with regexes kept beside the table, while the router decodes %-escapes first:
 * `/%63ontact` ran the contact form's action past its rate limit, its same-site check and its body cap.
 */

/**
 * The route a request reaches and what the table says about it. `dataRequest`: React Router's `.data`
 * request for the page; `params`: the route's parameters as the router reads them; `pathForLogs`: the
 * path in its one spelling, with every parameter of a route whose URL holds a token replaced by
 * "[redacted]" (the request log writes this, decision 088).
 */
export type RouteOfPath = {
  id: string;
  policy: RoutePolicy;
  dataRequest: boolean;
  params: Readonly<Record<string, string>>;
  pathForLogs: string;
};

type Lookup = { canonical: string; id: string | null; dataRequest: boolean; params: Record<string, string>; redacted: string };

export type RouteTable = {
  /**
   * The one spelling of a path the site answers to: %-escapes of unreserved characters decoded and the
   * others in upper case (RFC 3986 §6.2.2), no empty segment, no trailing slash, and the route's own
   * words in the route table's case (its parameters and a catch-all's rest as they came).
   */
  canonicalPath(path: string): string;
  /** The route `path` reaches (in any spelling), with its policy; null only for a route missing from the table. */
  routeOf(path: string): RouteOfPath | null;
};

/** RFC 3986 §2.3: letters, digits and -._~ mean the same escaped or not. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** What a path may hold as it is (RFC 3986 pchar and "/"); anything else is written as %-escapes. */
const PATH_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;

/** Escapes normalised, every other character that needs one escaped, empty segments and a trailing slash dropped. */
function normalisedSpelling(path: string): string {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const ch = path[i]!;
    if (ch === "%" && /^[0-9A-Fa-f]{2}$/.test(path.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(parseInt(path.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${path.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (PATH_CHARACTER.test(ch)) {
      out += ch;
    } else {
      out += encodeURIComponent(ch);
    }
  }
  const segments = out.split("/").filter(Boolean);
  return `/${segments.join("/")}`;
}

/** React Router's data request for a page: "/contact.data", and "/_.data" for "/". */
function splitDataSuffix(path: string): { page: string; dataRequest: boolean } {
  if (!path.endsWith(".data")) return { page: path, dataRequest: false };
  const page = path.slice(0, -".data".length);
  return { page: page.endsWith("/_") ? page.slice(0, -1) : page, dataRequest: true };
}

const withDataSuffix = (page: string, dataRequest: boolean) => (dataRequest ? (page === "/" ? "/_.data" : `${page}.data`) : page);

/** The server build's flat route manifest as the nested routes `matchRoutes` takes. */
export function nestedRoutes(routes: ServerBuild["routes"]): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject);
    children.set(route.parentId, list);
  }
  const attach = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) => {
      const nested = attach(route.id);
      return nested.length ? ({ ...route, children: nested } as RouteObject) : route;
    });
  return attach(undefined);
}

/** A route path's segment that any first segment of a path may meet: a parameter, a catch-all, an optional word. */
const matchesAnyWord = (word: string) => word.startsWith(":") || word === "*" || word.endsWith("?");

/** A path's first segment as React Router compares it: %-decoded, in lower case (routes match case-insensitively). */
function firstWordOf(page: string): string | null {
  const first = page.split("/").find(Boolean);
  if (first === undefined) return null;
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

/**
 * `matchRoutes` for the table, with the tree narrowed by the path's first segment first. React Router's
 * `matchRoutes` flattens and ranks the whole tree and compiles a pattern per route on every call; a path
 * the table's cache has not seen (each of the lot's photos, ~1,000 a minute at a busy dealer) cost the
 * server 5 % of its CPU in a profile of the mixed load (decision 148). Each narrowed tree keeps every
 * route that could match a path starting with that word (the routes whose first word it is, and the ones
 * whose first word is a parameter, a catch-all or optional), in their order: the router's own ranking of
 * what is left gives the same match (route-table.test.ts compares every route and spelling with the
 * whole tree's).
 */
export function matcherByFirstWord(tree: RouteObject[]): (page: string) => ReturnType<typeof matchRoutes> {
  /** Each route's first word: its own path's first segment, or null for a route without one (a layout, an index). */
  const firstWordOfRoute = (route: RouteObject) => route.path?.split("/").find(Boolean)?.toLowerCase() ?? null;
  const literals = new Set<string>();
  const collect = (list: RouteObject[]) => {
    for (const route of list) {
      const word = firstWordOfRoute(route);
      if (word === null) collect(route.children ?? []);
      else if (!matchesAnyWord(word)) literals.add(word);
    }
  };
  collect(tree);
  /** The tree without the routes whose first word is a literal other than `word` (null: every literal). */
  const narrowed = (word: string | null): RouteObject[] =>
    tree.flatMap(function keep(route: RouteObject): RouteObject[] {
      const own = firstWordOfRoute(route);
      if (own !== null) return matchesAnyWord(own) || own === word ? [route] : [];
      if (!route.children?.length) return [route];
      return [{ ...route, children: route.children.flatMap(keep) } as RouteObject];
    });
  const byWord = new Map([...literals].map((word) => [word, narrowed(word)]));
  const otherWords = narrowed(null);
  return (page) => {
    const word = firstWordOf(page);
    return matchRoutes(word === null ? tree : (byWord.get(word) ?? otherWords), page);
  };
}

export function createRouteTable(routes: ServerBuild["routes"]): RouteTable {
  const tree = nestedRoutes(routes);
  const match = matcherByFirstWord(tree);
  // Paths repeat (the pages, each vehicle): matching and rebuilding are done once per spelling.
  const matched = new LRUCache<string, Lookup>({ max: 5000 });

  function lookUp(path: string): Lookup {
    const known = matched.get(path);
    if (known) return known;
    const { page, dataRequest } = splitDataSuffix(normalisedSpelling(path));
    const matches = match(page);
    const leaf = matches?.at(-1);
    let canonical = page;
    let redacted = page;
    if (matches && leaf) {
      // The leaf's pattern, segment by segment against the path: words from the table, the rest as given.
      const pattern = matches
        .map((m) => m.route.path ?? "")
        .join("/")
        .split("/")
        .filter(Boolean);
      const given = page.split("/").filter(Boolean);
      const rebuilt: string[] = [];
      const withoutParams: string[] = [];
      for (const [i, word] of pattern.entries()) {
        if (word === "*") {
          rebuilt.push(...given.slice(i));
          withoutParams.push(...given.slice(i));
          break;
        }
        rebuilt.push(word.startsWith(":") ? given[i]! : word);
        withoutParams.push(word.startsWith(":") ? "[redacted]" : word);
      }
      canonical = `/${rebuilt.join("/")}`;
      redacted = ROUTE_POLICIES[leaf.route.id!]?.tokenInUrl ? `/${withoutParams.join("/")}` : canonical;
    }
    const result: Lookup = {
      canonical: withDataSuffix(canonical, dataRequest),
      id: leaf?.route.id ?? null,
      dataRequest,
      params: Object.fromEntries(Object.entries(leaf?.params ?? {}).filter((e): e is [string, string] => typeof e[1] === "string")),
      redacted: withDataSuffix(redacted, dataRequest),
    };
    matched.set(path, result);
    return result;
  }

  return {
    canonicalPath: (path) => lookUp(path).canonical,
    routeOf(path) {
      const { id, dataRequest, params, redacted } = lookUp(path);
      const policy = id ? ROUTE_POLICIES[id] : undefined;
      return id && policy ? { id, policy, dataRequest, params, pathForLogs: redacted } : null;
    },
  };
}
