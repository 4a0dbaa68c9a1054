import { useEffect } from "react";
import { useLocation } from "react-router";
import { sendPageView } from "~/features/tracking/send-page-view";

/** Sends the page view on every route change, the first page included (a page that never hydrates sends its own). */
export function useVisitorTracking(): void {
  const location = useLocation();
  useEffect(() => {
    // A task of its own: at hydration every effect runs in one task, and on a phone that task was long.
    const timer = setTimeout(() => sendPageView(location.pathname));
    return () => clearTimeout(timer);
  }, [location.pathname]);
}
