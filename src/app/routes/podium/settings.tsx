import { OldPanel } from "~/features/staff/old-panel";
import { SettingsTab } from "~/features/staff/settings-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("settings");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function SettingsPage() {
  return <OldPanel screen="settings" Panel={SettingsTab} />;
}

export const ErrorBoundary = StaffRouteError;
