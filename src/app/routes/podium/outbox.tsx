import { OldPanel } from "~/features/staff/old-panel";
import { OutboxTab } from "~/features/mail/outbox-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("outbox");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function OutboxPage() {
  return <OldPanel screen="outbox" Panel={OutboxTab} />;
}

export const ErrorBoundary = StaffRouteError;
