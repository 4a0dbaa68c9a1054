import { useEffect, type ComponentType } from "react";
import { useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import type { SessionUser } from "~/shared/staff/staff-roles";
import type { StaffScreenId } from "~/shared/staff/staff-screens";
import { onUnauthorized } from "~/shared/ui/staff/staff-fetch";

/** A panel of the old dashboard: it loads its own data from /api/admin in the browser. */
export type OldPanelComponent = ComponentType<{ user: SessionUser; focusId?: string | null }>;

/**
 * A screen not yet converted to a route module with its own loader and action (decision 100, phase 1):
 * the old dashboard's panel, unchanged, at the screen's new URL inside the staff shell, so nothing is
 * lost while the screens are converted one by one. The record a URL names (`/podium/financing/{id}`, given by the
 * route as `recordId`, or `?id=` for a list) is the panel's focused record, as the old `?tab=…&id=…` link made it. Such a panel
 * needs JavaScript; its session ending sends the person to sign in again and back here.
 */
export function OldPanel({ screen, Panel, recordId }: { screen: StaffScreenId; Panel: OldPanelComponent; recordId?: string }) {
  const m = useStaffMessages().staff.shell;
  const shell = useRouteLoaderData("podium-layout") as { user: SessionUser | null } | undefined;
  const [params] = useSearchParams();
  const focusId = recordId ?? params.get("id");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useEffect(
    () =>
      onUnauthorized(() => {
        window.location.assign(`/podium/sign-in?${new URLSearchParams({ notice: "expired", redirectTo: here })}`);
      }),
    [here],
  );
  if (!shell?.user) return null;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.screens[screen]}</h1>
      <noscript>
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">{m.needsJavaScript}</p>
      </noscript>
      <Panel key={focusId ?? ""} user={shell.user} focusId={focusId} />
    </div>
  );
}
