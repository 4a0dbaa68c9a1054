import { useEffect, useState } from "react";
import { businessProfile } from "~/shared/config/business-profile";
import { computeOpenStatus, type ClockOffset } from "~/shared/lib/business-hours";

/** docs/behaviour.md §9: the badge is re-evaluated every 60 s. */
export const OPEN_STATUS_REFRESH_MS = 60_000;

export type OpenStatusProps = { offset: ClockOffset | undefined; open: string; closed: string };

/** Green 'Open' / red 'Closed', on the dealership's clock whatever the viewer's time zone (an island, decision 151). */
export function OpenStatusIsland({ offset, open, closed }: OpenStatusProps) {
  const statusNow = () => computeOpenStatus(new Date(), businessProfile, offset);
  const [status, setStatus] = useState(statusNow);
  useEffect(() => {
    setStatus(statusNow());
    const timer = window.setInterval(() => setStatus(statusNow()), OPEN_STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the offset holds for the page's life (validUntil falls back to Intl)
  }, []);
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
      <span suppressHydrationWarning>{status === "open" ? open : closed}</span>
    </span>
  );
}
