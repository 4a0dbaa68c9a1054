import { useEffect } from "react";
import type { Metric } from "web-vitals";
import { whenIdleAfterLoad } from "~/shared/lib/when-idle-after-load";

/** Share of page loads that report (1 = all). A small dealership needs every sample it gets. */
const SAMPLE_RATE = 1;
const ENDPOINT = "/api/web-vitals";

/**
 * Measures this page load's LCP, INP and CLS with the web-vitals library and sends them with
 * navigator.sendBeacon when the page is hidden. The library is imported after the load event, in an
 * idle callback, so it is never part of a page's first-load JavaScript; its observers read the
 * buffered entries, so nothing that happened earlier is missed. The page is the one the document
 * was loaded for (as in Chrome's own field data); the server reduces it to a route pattern.
 */
export function startWebVitalsReporting(): void {
  if (typeof window === "undefined" || !("sendBeacon" in navigator) || Math.random() >= SAMPLE_RATE) return;
  const page = window.location.pathname;
  // Shoppers' experience is what is measured; the staff dashboard is not a landing page.
  if (page.startsWith("/podium")) return;
  const queue = new Map<string, Pick<Metric, "id" | "name" | "value">>();
  const flush = () => {
    if (queue.size === 0) return;
    const body = JSON.stringify({ page, metrics: [...queue.values()] });
    queue.clear();
    navigator.sendBeacon(ENDPOINT, body);
  };
  const report = ({ id, name, value }: Metric) => {
    queue.set(name, { id, name, value });
    // The library reports when the page is hidden; send in the same task, while the page still may.
    if (document.visibilityState === "hidden") queueMicrotask(flush);
  };
  whenIdleAfterLoad(() => {
    import("web-vitals")
      .then(({ onCLS, onINP, onLCP }) => {
        onLCP(report);
        onINP(report);
        onCLS(report);
        document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());
        window.addEventListener("pagehide", flush);
      })
      .catch(() => {
        // Measuring is optional: a failed download (offline, blocked) never affects the page.
      });
  });
}

/** Starts reporting once per document (the root layout mounts once). */
export function useWebVitalsReporting(): void {
  useEffect(() => startWebVitalsReporting(), []);
}
