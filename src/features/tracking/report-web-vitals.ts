import { useEffect } from "react";
import type { Metric } from "web-vitals";
import { whenIdleAfterLoad } from "~/shared/lib/when-idle-after-load";

type WebVitalsLibrary = Pick<typeof import("web-vitals"), "onCLS" | "onINP" | "onLCP">;

/**
 * Measures this page load's LCP, INP and CLS with the web-vitals library and sends them with
 * navigator.sendBeacon when the page is hidden. The library is imported after the load event, in an
 * idle callback, so it is never part of a page's first-load JavaScript; its observers read the
 * buffered entries, so nothing that happened earlier is missed. The page is the one the document
 * was loaded for (as in Chrome's own field data); the server reduces it to a route pattern.
 *
 * Self-contained, with no import and nothing from the module around it (what it needs comes in its
 * arguments): a page that never hydrates (decision 149) runs this very function from its inline script,
 * by its source text, with the library's chunk as the build named it.
 */
export function startWebVitalsReporting(whenIdle: (callback: () => void) => unknown, loadLibrary: () => Promise<WebVitalsLibrary>): void {
  // Every page load reports: a small dealership needs every sample it gets.
  if (typeof window === "undefined" || !("sendBeacon" in navigator)) return;
  const page = window.location.pathname;
  // Shoppers' experience is what is measured; the staff dashboard is not a landing page.
  if (page.startsWith("/podium")) return;
  const queue = new Map<string, Pick<Metric, "id" | "name" | "value">>();
  const flush = function () {
    if (queue.size === 0) return;
    const body = JSON.stringify({ page: page, metrics: [...queue.values()] });
    queue.clear();
    navigator.sendBeacon("/api/web-vitals", body);
  };
  const report = function (metric: Metric) {
    queue.set(metric.name, { id: metric.id, name: metric.name, value: metric.value });
    // The library reports when the page is hidden; send in the same task, while the page still may.
    if (document.visibilityState === "hidden") queueMicrotask(flush);
  };
  whenIdle(function () {
    loadLibrary()
      .then(function (library) {
        library.onLCP(report);
        library.onINP(report);
        library.onCLS(report);
        document.addEventListener("visibilitychange", function () {
          if (document.visibilityState === "hidden") flush();
        });
        window.addEventListener("pagehide", flush);
      })
      .catch(function () {
        // Measuring is optional: a failed download (offline, blocked) never affects the page.
      });
  });
}

/** Starts reporting once per document (the root layout mounts once). */
export function useWebVitalsReporting(): void {
  useEffect(
    () =>
      startWebVitalsReporting(whenIdleAfterLoad, () =>
        // Named, so the build keeps only these three in the library's chunk (not its FCP and TTFB).
        import("web-vitals").then(({ onCLS, onINP, onLCP }) => ({ onCLS, onINP, onLCP })),
      ),
    [],
  );
}

/**
 * The part of a never-hydrated page's inline script that reports its Web Vitals, loading the library's
 * chunk at `libraryUrl` (decision 149).
 */
export function webVitalsScript(libraryUrl: string): string {
  return `(${startWebVitalsReporting.toString()})(${whenIdleAfterLoad.toString()},function(){return import(${JSON.stringify(libraryUrl)})});`;
}
