import { CloudOff, RotateCw } from "lucide-react";
import { businessProfile } from "~/shared/config/business-profile";
import { staffMessagesFor, useStaffMessages } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { buttonClass } from "~/shared/ui/staff/button";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => staffPageMeta(staffMessagesFor().staffApp.offline.title);

/**
 * The staff app's offline screen (decision 114). The service worker fetches it signed out when it installs,
 * keeps it without its scripts, and shows it in place of a staff screen whose navigation failed: so it
 * carries no one's data and brings its own header in the shell's style. "Try again" loads the address the
 * person asked for again (the screen stands at that address).
 */
export default function StaffOffline() {
  const m = useStaffMessages();
  return (
    <div className="min-h-screen w-full bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <p className="mx-auto flex min-h-14 max-w-7xl items-center px-4 font-bold text-red-800">
          {businessProfile.name} · {m.staff.shell.brand}
        </p>
      </header>
      <section aria-labelledby="offline-title" className="mx-auto max-w-xl px-4 py-12 text-center">
        <CloudOff aria-hidden="true" className="mx-auto h-12 w-12 text-gray-700" />
        <h1 id="offline-title" className="mt-4 text-2xl font-bold">
          {m.staffApp.offline.title}
        </h1>
        <p className="mt-3 text-gray-800">{m.staffApp.offline.text}</p>
        {/* An empty href is this document's own address (HTML's URL parsing): the screen the person was
            opening, query included; a real link, kept by a page without scripts. */}
        {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
        <a href="" className={buttonClass("primary", "md", "mt-6")} data-testid="offline-retry">
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          {m.staffApp.offline.retry}
        </a>
      </section>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
