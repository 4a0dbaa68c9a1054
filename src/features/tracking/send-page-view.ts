import { whenIdleAfterLoad } from "~/shared/lib/when-idle-after-load";

/**
 * Sends POST /api/track-visitor for the page at `page`. A failure never affects the page: it is only
 * logged (docs/behaviour.md §8).
 *
 * Self-contained, with no import and nothing from the module around it: a page that never hydrates
 * (decision 149) runs this very function as the document's one inline script, by its source text.
 */
export function sendPageView(page: string): void {
  const body: Record<string, string> = { page: page, userAgent: navigator.userAgent };
  if (document.referrer) body.referrer = document.referrer;
  // The answer is read to its end: Chromium reports a fetch as finished to DevTools only once its body is
  // consumed, and Lighthouse waited 45 s for this one to end. No `keepalive` either: the call is made as a
  // page starts, not as it unloads (with the body read, keepalive made no difference).
  fetch("/api/track-visitor", {
    // Same-origin: the browser sends the cookies without `credentials: "include"`.
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  })
    .then(function (res) {
      return res.arrayBuffer().then(function () {
        if (!res.ok) throw new Error(String(res.status));
      });
    })
    .catch(function () {
      console.error("Failed to track visitor");
    });
}

/**
 * The inline script of a page that does not hydrate whole (decisions 149, 151): its page view, sent once the
 * page has loaded and the main thread is idle, as the hydrated pages' hook sends it after hydration. Not at
 * once: a request made before the largest paint is one Lighthouse's simulation puts in the paint's path (the
 * home page's simulated LCP was ~200 ms later with it, 2026-11-30).
 */
export function pageViewScript(): string {
  return `(${whenIdleAfterLoad.toString()})(function(){(${sendPageView.toString()})(location.pathname)});`;
}
