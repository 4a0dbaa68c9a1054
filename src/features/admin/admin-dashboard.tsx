import { ExternalLink, LogOut } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { businessProfile } from "~/shared/config/business-profile";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { adminFetch, adminJson, onUnauthorized } from "./admin-client";
import { BookingsTab } from "./bookings-tab";
import { FinancingTab } from "./financing-tab";
import { MessagesTab } from "./messages-tab";
import { PinScreen } from "./pin-screen";
import { SettingsTab } from "./settings-tab";
import { VehiclesTab } from "./vehicles-tab";
import { VisitorsTab } from "./visitors-tab";

const TABS = ["vehicles", "financing", "messages", "bookings", "visitors", "settings"] as const;
type Tab = (typeof TABS)[number];

/** /podium: locked (PIN screen) or unlocked (dashboard). The server session decides. */
export function AdminApp() {
  const m = useStaffMessages().admin;
  const [state, setState] = useState<"checking" | "locked" | "unlocked">("checking");
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    adminJson<{ authenticated: boolean }>("/api/admin/session")
      .then((s) => setState(s.authenticated ? "unlocked" : "locked"))
      .catch(() => setState("locked"));
  }, []);
  useEffect(
    () =>
      onUnauthorized(() => {
        setNotice(m.dashboard.sessionExpired);
        setState("locked");
      }),
    [m],
  );
  if (state === "checking") return <p className="px-4 py-24 text-center text-gray-700">{m.common.loading}</p>;
  if (state === "locked")
    return (
      <PinScreen
        notice={notice}
        onUnlocked={() => {
          setNotice(null);
          setState("unlocked");
        }}
      />
    );
  return (
    <Dashboard
      onLogout={async () => {
        await adminFetch("/api/admin/logout", { method: "POST" }).catch(() => undefined);
        setState("locked");
      }}
    />
  );
}

function Dashboard({ onLogout }: { onLogout: () => void }) {
  const m = useStaffMessages().admin;
  const [tab, setTab] = useState<Tab>("vehicles");
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({} as Record<Tab, HTMLButtonElement | null>);

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    const i = TABS.indexOf(tab);
    let next: Tab | null = null;
    if (e.key === "ArrowRight") next = TABS[(i + 1) % TABS.length]!;
    else if (e.key === "ArrowLeft") next = TABS[(i - 1 + TABS.length) % TABS.length]!;
    else if (e.key === "Home") next = TABS[0];
    else if (e.key === "End") next = TABS[TABS.length - 1]!;
    if (next) {
      e.preventDefault();
      setTab(next);
      tabRefs.current[next]?.focus();
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        <h1 className="text-3xl font-bold">{m.dashboard.title}</h1>
        <div className="flex flex-wrap gap-3">
          <a
            href={businessProfile.links.mapsListing}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50"
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            {m.dashboard.liveOnGoogle}
          </a>
          <button
            type="button"
            onClick={onLogout}
            className="inline-flex items-center gap-2 rounded-md bg-gray-900 px-4 py-2 font-medium text-white hover:bg-gray-700"
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {m.dashboard.logout}
          </button>
        </div>
      </div>
      <div
        role="tablist"
        aria-label={m.dashboard.tabsLabel}
        className="mt-6 flex gap-1 overflow-x-auto border-b border-gray-200 print:hidden"
      >
        {TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${t}`}
            aria-controls={`admin-panel-${t}`}
            aria-selected={tab === t}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onKeyDown={onTabKey}
            className={`whitespace-nowrap border-b-2 px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-red-700 ${
              tab === t ? "border-red-700 text-red-800" : "border-transparent text-gray-700 hover:text-gray-900"
            }`}
          >
            {m.tabs[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`} tabIndex={0} className="mt-6 outline-none">
        {tab === "vehicles" ? <VehiclesTab /> : null}
        {tab === "financing" ? <FinancingTab /> : null}
        {tab === "messages" ? <MessagesTab /> : null}
        {tab === "bookings" ? <BookingsTab /> : null}
        {tab === "visitors" ? <VisitorsTab /> : null}
        {tab === "settings" ? <SettingsTab /> : null}
      </div>
    </div>
  );
}
