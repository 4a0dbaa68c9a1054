import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalPaths } from "~/app/http/canonical-paths.server";
import { pageFormPosts } from "~/app/http/page-form-posts.server";
import { createRouteTable } from "~/app/http/route-table.server";
import { routeManifestFromConfig } from "~/app/route-manifest.test-helper";
import { ROUTE_POLICIES, staffPageAccess } from "~/app/route-policy.server";
import routes from "~/app/routes";
import { redactTokens } from "~/server/logger.server";

type Leaf = { id: string; file: string; path: string };

/** Every route of routes.ts that answers a URL (layouts have none of their own), with its id as React Router gives it. */
function leaves(entries: RouteConfigEntry[], parentPath = ""): Leaf[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parentPath}/${entry.path}` : parentPath;
    if (entry.children?.length) return leaves(entry.children, here);
    return [{ id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""), file: entry.file, path: here || "/" }];
  });
}

/** A URL that reaches the route: its parameters filled with values a shopper's browser would send. */
function samplePath(routePath: string): string {
  return routePath
    .replace(":token", "2b7e8f6a1c9d4e3f5a6b7c8d9e0f1a2b")
    .replace(":id", "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b")
    .replace(":vehiclePath", "used-2020-honda-civic-fitchburg-ma-01430-0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11")
    .replace("*", "no-such-page/here");
}

const routeLeaves = leaves(routes);
const source = (leaf: Leaf) => fs.readFileSync(path.join("src/app", leaf.file), "utf8");

describe("the route policy table (src/app/route-policy.server.ts)", () => {
  it("lists every route of routes.ts, and no route that is not there", () => {
    expect(Object.keys(ROUTE_POLICIES).sort()).toEqual(routeLeaves.map((leaf) => leaf.id).sort());
  });

  const table = createRouteTable(routeManifestFromConfig());
  it.each(routeLeaves.map((leaf) => [leaf.id, leaf] as const))(
    "%s: the route table finds it, with its policy, in every spelling",
    (id, leaf) => {
      const url = samplePath(leaf.path);
      expect(table.routeOf(url)?.id, url).toBe(id);
      expect(table.routeOf(url)?.policy).toBe(ROUTE_POLICIES[id]);
      expect(table.canonicalPath(url), url).toBe(url);
      // Its first letter %-escaped: the same route (the router decodes before it matches).
      const escaped = url.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
      expect(table.routeOf(escaped)?.id, escaped).toBe(id);
      expect(table.canonicalPath(escaped), escaped).toBe(url);
    },
  );

  it.each(routeLeaves.map((leaf) => [leaf.id, leaf] as const))("%s: a body limit exactly where it takes posts", (id, leaf) => {
    const code = source(leaf);
    const hasAction = /export (async )?function action\b|export const action\b/.test(code);
    const { bodyLimitBytes } = ROUTE_POLICIES[id]!;
    expect(bodyLimitBytes === "no action", `${id} has ${hasAction ? "an" : "no"} action`).toBe(!hasAction);
    // An action that reads the body without a cap would read any size: it must go through readFormData.
    if (hasAction && bodyLimitBytes !== "body not read") {
      expect(typeof bodyLimitBytes).toBe("number");
      expect(code, id).not.toMatch(/request\.(formData|text|json|arrayBuffer)\(\)/);
    }
    if (bodyLimitBytes === "body not read") expect(code, id).not.toMatch(/request\.(formData|text|json|arrayBuffer|body)\b/);
  });

  it.each(routeLeaves.map((leaf) => [leaf.id, leaf] as const))("%s: a staff area exactly where it is a staff page", (id, leaf) => {
    const { staffArea } = ROUTE_POLICIES[id]!;
    // The staff app's pages (children of the podium layout) and the setup link are staff pages; no public page is.
    const staffPage = leaf.path.startsWith("/podium/") || leaf.path === "/podium";
    expect(staffArea !== "not staff", `${id} (${leaf.path})`).toBe(staffPage);
    // The layout's middleware finds the row from the pattern React Router matched, with or without its leading slash.
    if (staffPage && id !== "routes/podium-setup") {
      expect(staffPageAccess(leaf.path)).toBe(staffArea);
      expect(staffPageAccess(leaf.path.slice(1))).toBe(staffArea);
    }
  });

  it.each(routeLeaves.map((leaf) => [leaf.id, leaf] as const))("%s: a token in its URL never reaches a log line", (id, leaf) => {
    const url = samplePath(leaf.path);
    const token = "2b7e8f6a1c9d4e3f5a6b7c8d9e0f1a2b";
    const route = table.routeOf(url);
    if (!ROUTE_POLICIES[id]!.tokenInUrl || !url.includes(token)) {
      // What holds no token is logged as the router reads it.
      expect(route?.pathForLogs, url).toBe(url);
      return;
    }
    // The request log's path, from the table, in every spelling the router reads the same way.
    for (const spelling of [url, url.toUpperCase().replace(token.toUpperCase(), token), `${url}.data`]) {
      expect(table.routeOf(spelling)?.pathForLogs, spelling).not.toContain(token);
      expect(table.routeOf(spelling)?.pathForLogs, spelling).toContain("[redacted]");
    }
    // The logger's net for free text (an error's message quoting the path) knows the route too.
    expect(redactTokens(`a POST request to "${url}" failed`), url).not.toContain(token);
  });

  it("denies a staff pattern the table does not list to everyone but owners", () => {
    expect(staffPageAccess("/podium/no-such-screen")).toBe("settings");
  });

  it.each(routeLeaves.map((leaf) => [leaf.id, leaf] as const))(
    "%s: a cached document exports no headers the cache would drop",
    (id, leaf) => {
      if (!ROUTE_POLICIES[id]!.cachedDocument) return;
      expect(source(leaf)).not.toMatch(/export (const|function|async function) headers\b/);
    },
  );

  describe("the per-client limit on page posts", () => {
    let base = "";
    let close = () => {};
    beforeAll(async () => {
      const app = express();
      app.use(canonicalPaths(async () => table));
      // What answers a cross-site post where the table allows one: here it says what it was given.
      app.use(
        pageFormPosts({
          "one-click unsubscribe": (req, res, next, params) => {
            let body = "";
            req.setEncoding("utf8");
            req.on("data", (chunk: string) => (body += chunk));
            req.on("end", () => (body === "List-Unsubscribe=One-Click" ? void res.status(200).json({ oneClick: params.token }) : next()));
          },
        }),
      );
      app.use((_req, res) => void res.status(204).end());
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => server.close();
    });
    afterAll(() => close());

    it.each(routeLeaves.map((leaf) => [leaf.id, leaf] as const))("%s", async (id, leaf) => {
      const response = await fetch(`${base}${samplePath(leaf.path)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
        body: "a=1",
      });
      // express-rate-limit's draft-8 header: `"name"; q=<limit>; w=<window in seconds>`.
      const header = response.headers.get("ratelimit-policy");
      const { postRateLimit } = ROUTE_POLICIES[id]!;
      if (postRateLimit === "none") {
        expect(header, id).toBeNull();
      } else {
        expect(header, id).not.toBeNull();
        expect(Number(/\bq=(\d+)/.exec(header!)?.[1]), `${id} limit`).toBe(postRateLimit.limit);
        expect(Number(/\bw=(\d+)/.exec(header!)?.[1]) * 1000, `${id} window`).toBe(postRateLimit.windowMs);
      }
    });

    it.each(routeLeaves.map((leaf) => [leaf.id, leaf] as const))("%s: a post from another site", async (id, leaf) => {
      const post = (body: string, path = samplePath(leaf.path)) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
          body,
        });
      const { bodyLimitBytes, crossSitePosts } = ROUTE_POLICIES[id]!;
      const oneClick = await post("List-Unsubscribe=One-Click");
      if (crossSitePosts === "one-click unsubscribe") {
        // The mail provider's one-click post (RFC 8058) reaches its handler, with the token the router reads.
        expect(oneClick.status, id).toBe(200);
        expect(await oneClick.json()).toEqual({ oneClick: "2b7e8f6a1c9d4e3f5a6b7c8d9e0f1a2b" });
        // Anything else from another site, and React Router's .data post, meet the same-site check.
        expect((await post("a=1")).status, id).toBe(403);
        expect((await post("List-Unsubscribe=One-Click", `${samplePath(leaf.path)}.data`)).status, id).toBe(403);
      } else {
        expect(oneClick.status, id).toBe(bodyLimitBytes === "no action" ? 204 : 403);
      }
    });
  });
});
