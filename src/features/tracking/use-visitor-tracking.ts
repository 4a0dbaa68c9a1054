import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Sends POST /api/track-visitor on every route change, the first page included.
 * A failure never affects the page: it is only logged (docs/behaviour.md §8).
 */
export function useVisitorTracking(): void {
  const location = useLocation();
  useEffect(() => {
    const body: Record<string, string> = { page: location.pathname, userAgent: navigator.userAgent };
    if (document.referrer) body.referrer = document.referrer;
    // A task of its own: at hydration every effect runs in one task, and on a phone that task was long.
    // The answer is read to its end: Chromium reports a fetch as finished to DevTools only once its body is
    // consumed, and Lighthouse waited 45 s for this one to end. No `keepalive` either:
    // the call is made as a page starts, not as it unloads (with the body read, keepalive made no difference).
    const timer = setTimeout(() =>
      fetch("/api/track-visitor", {
        // Same-origin: the browser sends the cookies without `credentials: "include"`.
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${res.status}`);
        })
        .catch(() => console.error("Failed to track visitor")),
    );
    return () => clearTimeout(timer);
  }, [location.pathname]);
}
