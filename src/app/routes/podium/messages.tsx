import { OldPanel } from "~/features/staff/old-panel";
import { MessagesTab } from "~/features/contact/messages-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("messages");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function MessagesPage() {
  return <OldPanel screen="messages" Panel={MessagesTab} />;
}

export const ErrorBoundary = StaffRouteError;
