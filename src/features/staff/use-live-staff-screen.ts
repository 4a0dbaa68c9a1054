import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { eventConcernsScreen, STAFF_EVENT_NAMES } from "~/shared/staff/staff-events";

/** A burst of events (a lead raises two, an import dozens) costs one reload, at most this long after the first. */
export const LIVE_RELOAD_DEBOUNCE_MS = 400;
const LIVE_RELOAD_MAX_WAIT_MS = 2000;

/**
 * The staff screens stay live (decision 113): one EventSource on /podium/events per tab, held by the podium
 * layout (so only staff pages load this module), and when an event that concerns the screen on show arrives,
 * React Router's revalidation reloads the route data — the shell's counts and the screen's own loader —
 * in place. A revalidation re-renders; it does not remount, so an input the person is typing in keeps its
 * text and its focus. Reconnecting is the browser's (it sends Last-Event-ID; the server replays).
 */
export function useLiveStaffScreen() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // The latest of each, read by the stream's handlers without reopening the stream on every render.
  const latest = useRef({ revalidator, busy: false });
  useEffect(() => {
    latest.current = { revalidator, busy: navigation.state !== "idle" || revalidator.state !== "idle" };
  });

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/podium/events");
    const seen = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let firstPendingAt = 0;

    const reload = () => {
      timer = undefined;
      // A navigation or a reload already under way loads fresh data; try again once it is done.
      if (latest.current.busy) {
        timer = setTimeout(reload, LIVE_RELOAD_DEBOUNCE_MS);
        return;
      }
      firstPendingAt = 0;
      void latest.current.revalidator.revalidate();
    };
    const schedule = () => {
      const now = Date.now();
      if (!firstPendingAt) firstPendingAt = now;
      if (timer) clearTimeout(timer);
      const wait = Math.min(LIVE_RELOAD_DEBOUNCE_MS, Math.max(0, firstPendingAt + LIVE_RELOAD_MAX_WAIT_MS - now));
      timer = setTimeout(reload, wait);
    };
    const onEvent = (event: MessageEvent<string>) => {
      // PostgreSQL's replay may repeat an event (decision 110): once is enough.
      if (event.lastEventId) {
        if (seen.has(event.lastEventId)) return;
        seen.add(event.lastEventId);
        if (seen.size > 500) seen.delete(seen.values().next().value!);
      }
      if (eventConcernsScreen(event.type, window.location.pathname)) schedule();
    };
    // More was missed than the server keeps: everything on the screen may be stale.
    const onReset = () => schedule();
    for (const name of STAFF_EVENT_NAMES) source.addEventListener(name, onEvent);
    source.addEventListener("reset", onReset);
    document.documentElement.dataset.staffLive = "connecting";
    source.addEventListener("open", () => (document.documentElement.dataset.staffLive = "open"));
    source.addEventListener("error", () => (document.documentElement.dataset.staffLive = "reconnecting"));
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
      delete document.documentElement.dataset.staffLive;
    };
  }, [latest]);
}
