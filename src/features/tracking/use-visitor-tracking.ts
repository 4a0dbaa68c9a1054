import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Sends POST /api/track-visitor on every route change, the first page included.
 * A failure never affects the page: it is only logged (spec §8).
 */
export function useVisitorTracking(): void {
  const location = useLocation();
  useEffect(() => {
    const body: Record<string, string> = { page: location.pathname, userAgent: navigator.userAgent };
    if (document.referrer) body.referrer = document.referrer;
    // A task of its own: at hydration every effect runs in one task, and on a phone that task was long.
    const timer = setTimeout(() =>
      fetch("/api/track-visitor", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        keepalive: true,
      })
        .then((res) => {
          if (!res.ok) throw new Error(`${res.status}`);
        })
        .catch(() => console.error("Failed to track visitor")),
    );
    return () => clearTimeout(timer);
  }, [location.pathname]);
}
