import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import routes from "~/app/routes";

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
