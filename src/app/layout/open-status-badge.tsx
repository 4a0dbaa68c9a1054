import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { computeOpenStatus, type ClockOffset } from "~/shared/lib/business-hours";
import { businessProfile } from "~/shared/config/business-profile";
import { useMessages } from "~/shared/i18n/messages";

/** docs/behaviour.md §9: the badge is re-evaluated every 60 s. */
export const OPEN_STATUS_REFRESH_MS = 60_000;

/** Green 'Open' / red 'Closed', on the dealership's clock whatever the viewer's time zone. */
export function OpenStatusBadge() {
  const m = useMessages();
  // The root loader's offset of the dealership's clock (absent on an error page before the root loaded).
  const offset = (useRouteLoaderData("root") as { clockOffset?: ClockOffset } | undefined)?.clockOffset;
  const statusNow = () => computeOpenStatus(new Date(), businessProfile, offset);
  const [status, setStatus] = useState(statusNow);
  useEffect(() => {
    setStatus(statusNow());
    const timer = window.setInterval(() => setStatus(statusNow()), OPEN_STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the offset holds for the page's life (validUntil falls back to Intl)
  }, []);
  const label = status === "open" ? m.layout.open : m.layout.closed;
  return (
    <span
      data-testid="open-status"
      data-status={status}
      suppressHydrationWarning
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold text-white ${
        status === "open" ? "bg-green-700" : "bg-red-700"
      }`}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-white" />
      <span suppressHydrationWarning>{label}</span>
    </span>
  );
}
