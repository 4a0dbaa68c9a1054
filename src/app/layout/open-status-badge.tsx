import { useEffect, useState } from "react";
import { computeOpenStatus } from "~/shared/lib/business-hours";
import { useMessages } from "~/shared/i18n/messages";

/** Spec §9: the badge is re-evaluated every 60 s. */
export const OPEN_STATUS_REFRESH_MS = 60_000;

/** Green 'Open' / red 'Closed', on the dealership's clock whatever the viewer's time zone. */
export function OpenStatusBadge() {
  const m = useMessages();
  const [status, setStatus] = useState(() => computeOpenStatus(new Date()));
  useEffect(() => {
    setStatus(computeOpenStatus(new Date()));
    const timer = window.setInterval(() => setStatus(computeOpenStatus(new Date())), OPEN_STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
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
