import type { Router } from "express";

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

/**
 * Method and path of every route registered on a router, including routers mounted on it
 * without a path (how src/app composes each feature's staff router). Tests enumerate the
 * staff API with it, so a new route is covered by the 401 and cross-site checks at once.
 */
export function listRoutes(router: Router): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all") out.push({ method: method.toUpperCase(), path: layer.route.path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk(router.stack as unknown as Layer[]);
  return out;
}
