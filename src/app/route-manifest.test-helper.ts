import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import { documentHydration, type DocumentHydration } from "~/app/lib/page-hydration";
import routes from "~/app/routes";

const appDirectory = import.meta.dirname;

/**
 * The server build's route manifest as React Router makes it from routes.ts (ids from `id` or the file
 * without its extension, under the root route), for unit tests that have no build: the route table
 * matches against exactly this.
 */
export function routeManifestFromConfig(entries: RouteConfigEntry[] = routes): ServerBuild["routes"] {
  const manifest: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: {} as never },
  };
  const add = (list: RouteConfigEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module: {} as never };
      if (entry.children) add(entry.children, id);
    }
  };
  add(entries, "root");
  return manifest;
}

/**
 * The ids of the pages whose route says they hydrate so (decisions 149, 151), read from each route module's
 * own `handle`, as the server reads it: English under the plain ids, the other languages under theirs.
 */
export async function routeIdsHydrating(
  hydration: Exclude<DocumentHydration, "whole">,
  entries: RouteConfigEntry[] = routes,
): Promise<string[]> {
  const ids: string[] = [];
  const visit = async (list: RouteConfigEntry[]) => {
    for (const entry of list) {
      if (!entry.file.includes("podium")) {
        const module = (await import(/* @vite-ignore */ path.join(appDirectory, entry.file))) as { handle?: unknown };
        if (documentHydration([{ handle: module.handle }]) === hydration) ids.push(entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""));
      }
      if (entry.children) await visit(entry.children);
    }
  };
  await visit(entries);
  return ids;
}
