import { ExternalLink, LogOut } from "lucide-react";
import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import { businessProfile } from "~/shared/config/business-profile";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { canUseArea, type SessionUser, type StaffArea } from "~/shared/staff/staff-roles";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { staffFetch, staffJson, onUnauthorized } from "~/shared/ui/staff/staff-fetch";

/**
 * One dashboard tab: its id (the staff area it shows, also its label's key in the staff catalogue)
 * and its panel. Each panel belongs to the feature that owns its data; src/app/routes/podium.tsx
 * lists them, and the dashboard shows only those the person's role may use (the server enforces it).
 */
export type DashboardTab = { id: StaffArea; Panel: ComponentType<{ user: SessionUser; focusId?: string | null }> };

/** A notice above the tabs for every signed-in person, e.g. mail not configured (composed in src/app/routes/podium.tsx). */
export type DashboardBanner = ComponentType<{ user: SessionUser }>;

/** The sign-in screen, from the staff feature (composed in src/app/routes/podium.tsx). */
export type SignInComponent = ComponentType<{ onSignedIn: (user: SessionUser) => void; notice?: string | null }>;

/** /podium: the sign-in screen or the dashboard. The server session decides. */
export function StaffApp({ tabs, SignIn, Banner }: { tabs: readonly DashboardTab[]; SignIn: SignInComponent; Banner?: DashboardBanner }) {
  const m = useStaffMessages().staff;
  const [state, setState] = useState<{ kind: "checking" } | { kind: "signed-out" } | { kind: "signed-in"; user: SessionUser }>({
    kind: "checking",
  });
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    staffJson<{ user: SessionUser }>("/api/admin/session")
      .then((s) => setState({ kind: "signed-in", user: s.user }))
      .catch(() => setState({ kind: "signed-out" }));
  }, []);
  useEffect(
    () =>
      onUnauthorized(() => {
        setNotice(m.dashboard.sessionExpired);
        setState({ kind: "signed-out" });
      }),
    [m],
  );
  if (state.kind === "checking") return <p className="px-4 py-24 text-center text-gray-700">{m.common.loading}</p>;
  if (state.kind === "signed-out")
    return (
      <SignIn
        notice={notice}
        onSignedIn={(user) => {
          setNotice(null);
          setState({ kind: "signed-in", user });
        }}
      />
    );
  return (
    <Dashboard
      user={state.user}
      tabs={tabs.filter((t) => canUseArea(state.user.role, t.id))}
      Banner={Banner}
      onLogout={async (everywhere) => {
        await staffFetch(everywhere ? "/api/admin/logout-everywhere" : "/api/admin/logout", { method: "POST" }).catch(() => undefined);
        if (everywhere) setNotice(m.dashboard.signedOutEverywhere);
        setState({ kind: "signed-out" });
      }}
    />
  );
}

type TabId = DashboardTab["id"];

function Dashboard({
  user,
  tabs,
  Banner,
  onLogout,
}: {
  user: SessionUser;
  tabs: readonly DashboardTab[];
  Banner?: DashboardBanner;
  onLogout: (everywhere: boolean) => void;
}) {
  const m = useStaffMessages().staff;
  const ids = tabs.map((t) => t.id);
  // A staff mail links to one record: /podium?tab=financing&id=… opens that tab, and its panel
  // that record. A tab the person's role may not use falls back to the first (the server says no anyway).
  const [linked, setLinked] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    const linkedTab = ids.find((id) => id === params.get("tab"));
    return linkedTab ? { tab: linkedTab, id: params.get("id") } : null;
  });
  const [tab, setTab] = useState<TabId | undefined>(linked?.tab ?? ids[0]);
  // The same links inside the dashboard (a lead's customer in the Leads tab) switch tabs in place:
  // no reload, no second sign-in check, and Back returns to the list.
  const tabKey = ids.join(",");
  useEffect(() => {
    const open = (url: URL) => {
      const linkedTab = (tabKey.split(",") as TabId[]).find((id) => id === url.searchParams.get("tab"));
      if (!linkedTab) return false;
      setLinked({ tab: linkedTab, id: url.searchParams.get("id") });
      setTab(linkedTab);
      return true;
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const anchor = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || url.pathname !== window.location.pathname || !open(url)) return;
      e.preventDefault();
      window.history.pushState(null, "", url);
    };
    const onPopState = () => open(new URL(window.location.href));
    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onPopState);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPopState);
    };
  }, [tabKey]);
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const Panel = tabs.find((t) => t.id === tab)?.Panel;

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    const i = tab === undefined ? 0 : ids.indexOf(tab);
    let next: TabId | undefined;
    if (e.key === "ArrowRight") next = ids[(i + 1) % ids.length];
    else if (e.key === "ArrowLeft") next = ids[(i - 1 + ids.length) % ids.length];
    else if (e.key === "Home") next = ids[0];
    else if (e.key === "End") next = ids.at(-1);
    if (next) {
      e.preventDefault();
      setTab(next);
      tabRefs.current[next]?.focus();
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        <div>
          <h1 className="text-3xl font-bold">{m.dashboard.title}</h1>
          <p className="mt-1 text-sm text-gray-700" data-testid="signed-in-as">
            {m.dashboard.signedInAs(user.name, m.roles[user.role])}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href={businessProfile.links.mapsListing} target="_blank" rel="noopener noreferrer" className={buttonClass()}>
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            {m.dashboard.liveOnGoogle}
          </a>
          <Button onClick={() => onLogout(true)}>{m.dashboard.signOutEverywhere}</Button>
          <Button variant="dark" onClick={() => onLogout(false)}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {m.dashboard.logout}
          </Button>
        </div>
      </div>
      {Banner ? <Banner user={user} /> : null}
      {/* The tabs wrap onto more lines rather than scroll: on a phone every tab stays in sight, none hides off-screen. */}
      <div role="tablist" aria-label={m.dashboard.tabsLabel} className="mt-6 flex flex-wrap gap-x-1 border-b border-gray-200 print:hidden">
        {ids.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`staff-tab-${t}`}
            aria-controls={`staff-panel-${t}`}
            aria-selected={tab === t}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onKeyDown={onTabKey}
            className={`whitespace-nowrap border-b-2 px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-red-700 sm:px-4 ${
              tab === t ? "border-red-700 text-red-800" : "border-transparent text-gray-700 hover:text-gray-900"
            }`}
          >
            {m.tabs[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`staff-panel-${tab}`} aria-labelledby={`staff-tab-${tab}`} tabIndex={0} className="mt-6 outline-none">
        {Panel ? <Panel user={user} focusId={linked && tab === linked.tab ? linked.id : null} /> : null}
      </div>
    </div>
  );
}
