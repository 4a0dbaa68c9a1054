import {
  Activity,
  BellRing,
  CalendarCheck,
  CalendarDays,
  Car,
  ChartColumn,
  CircleUser,
  CreditCard,
  Ellipsis,
  ExternalLink,
  Handshake,
  Heart,
  Inbox,
  LogOut,
  Mail,
  MessageSquare,
  Repeat,
  ScrollText,
  Search,
  Settings,
  UserCog,
  Users,
  ClipboardList,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, NavLink, useLocation, useSearchParams } from "react-router";
import { businessProfile } from "~/shared/config/business-profile";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import type { SessionUser } from "~/shared/staff/staff-roles";
import { PHONE_BAR, screensFor, STAFF_NAV_GROUPS, type StaffScreen, type StaffScreenId } from "~/shared/staff/staff-screens";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { StaffIconSprite } from "~/shared/ui/staff/staff-icons";
import { Toaster } from "~/shared/ui/toast";

/** The live counts the navigation shows (the podium layout's loader reads them on every page and after every action). */
export type ShellCounts = Partial<{ leads: { waiting: number; overdue: number }; today: number; financing: number; bookings: number }>;

const ICONS: Record<StaffScreenId, LucideIcon> = {
  leads: Inbox,
  customers: Users,
  today: CalendarCheck,
  deals: Handshake,
  tradeIns: Repeat,
  messages: MessageSquare,
  vehicles: Car,
  bookings: CalendarDays,
  services: ClipboardList,
  financing: CreditCard,
  reports: ChartColumn,
  visitors: Activity,
  alertsReport: Heart,
  staff: UserCog,
  audit: ScrollText,
  outbox: Mail,
  settings: Settings,
};

/**
 * The staff app's shell (docs/behaviour.md §2 Staff app, decision 100): its own header (search and the
 * account menu), the navigation grouped by job with only the screens the person's role may use and
 * their live counts, and on a phone a bottom bar with the role's four most used screens and "More".
 * `mail` is the mail status (from the mail feature), `flash` the message a post without JavaScript
 * left for this page.
 */
export function StaffShell({
  user,
  counts,
  mail,
  flash,
  children,
}: {
  user: SessionUser;
  counts: ShellCounts;
  mail?: ReactNode;
  flash: string | null;
  children: ReactNode;
}) {
  const { staff: m, staffApp } = useStaffMessages();
  const screens = screensFor(user.role);
  const bar = PHONE_BAR[user.role].flatMap((id) => screens.filter((s) => s.id === id));
  const search = useRef<HTMLInputElement>(null);
  const more = useRef<HTMLDetailsElement>(null);
  const account = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const [params] = useSearchParams();

  // Ctrl-K (⌘-K on a Mac) goes to the search field from anywhere.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        search.current?.focus();
        search.current?.select();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  // A screen chosen from "More" or the account menu closes it. Not on the first run, at hydration: a menu a
  // person opened before the page hydrated stays open (no tap is lost, decision 125).
  const shownAt = useRef(location.pathname + location.search);
  useEffect(() => {
    const here = location.pathname + location.search;
    if (here === shownAt.current) return;
    shownAt.current = here;
    if (more.current) more.current.open = false;
    if (account.current) account.current.open = false;
  }, [location.pathname, location.search]);

  return (
    // On a phone the toasts (shared/ui/toast.tsx, at the bottom below 640 px) sit above the bottom bar, not over it.
    // --staff-header is the sticky header's height from md up (py-2, a 44 px row, its border): the side
    // navigation sticks right under it.
    <div className="min-h-screen w-full bg-gray-50 pb-20 [--staff-header:calc(var(--spacing)*15+1px)] md:pb-0 max-sm:[&_[popover]]:bottom-16">
      <StaffIconSprite />
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-red-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {m.shell.skipToContent}
      </a>
      {/*
        Sticky from md up only: on a phone the header is two rows (about 113 px of 844), and content scrolled
        under it is half covered, a control half tappable; there the bottom bar is the fixed navigation.
      */}
      <header className="z-30 border-b border-gray-200 bg-white md:sticky md:top-0 md:h-(--staff-header) print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <Link to="/podium" className="min-h-11 content-center font-bold text-red-800">
            {businessProfile.name} · {m.shell.brand}
          </Link>
          <Form
            method="get"
            action="/podium/search"
            role="search"
            className="order-last flex w-full gap-2 md:order-none md:w-auto md:flex-1"
          >
            <label htmlFor="staff-search" className="sr-only">
              {m.shell.search.label}
            </label>
            <input
              ref={search}
              id="staff-search"
              name="q"
              type="search"
              maxLength={100}
              defaultValue={location.pathname === "/podium/search" ? (params.get("q") ?? "") : ""}
              placeholder={m.shell.search.placeholder}
              aria-keyshortcuts="Control+K Meta+K"
              className="min-h-11 w-full min-w-0 rounded-md border border-gray-500 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-red-700 md:max-w-md"
            />
            <Button type="submit" aria-label={m.shell.search.submit} className="min-h-11">
              <Search aria-hidden="true" className="h-5 w-5" />
            </Button>
          </Form>
          <details ref={account} className="relative ml-auto">
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md px-2 font-medium text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-red-700">
              <CircleUser aria-hidden="true" className="h-6 w-6" />
              <span className="sr-only md:not-sr-only">{m.shell.account.menu}</span>
            </summary>
            <div className="absolute right-0 z-40 mt-1 w-72 space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-lg">
              <p className="text-sm text-gray-800" data-testid="signed-in-as">
                {m.dashboard.signedInAs(user.name, m.roles[user.role])}
              </p>
              <Link to="/podium/account" className={buttonClass("secondary", "md", "w-full")}>
                <BellRing aria-hidden="true" className="h-4 w-4" />
                {staffApp.account.link}
              </Link>
              <a
                href={businessProfile.links.mapsListing}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass("secondary", "md", "w-full")}
              >
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                {m.dashboard.liveOnGoogle}
              </a>
              {/* Documents, not data requests: signing out starts the next page from nothing. */}
              <Form method="post" action="/podium/sign-out" reloadDocument>
                <Button type="submit" name="intent" value="everywhere" className="w-full">
                  {m.shell.account.signOutEverywhere}
                </Button>
              </Form>
              <Form method="post" action="/podium/sign-out" reloadDocument>
                <Button type="submit" variant="dark" className="w-full">
                  <LogOut aria-hidden="true" className="h-4 w-4" />
                  {m.shell.account.signOut}
                </Button>
              </Form>
            </div>
          </details>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl">
        {/*
          Sticky under the header, scrolled on its own when taller than the screen: a page scrolled under the
          header never takes the navigation's links with it, where the header would cover half a link (axe's
          target-size, WCAG 2.5.8, on a large touch screen) and the navigation would be out of reach.
        */}
        <nav
          aria-label={m.shell.navLabel}
          className="hidden w-56 shrink-0 self-start overscroll-contain px-2 py-4 md:sticky md:top-(--staff-header) md:block md:max-h-[calc(100dvh-var(--staff-header))] md:overflow-y-auto print:hidden"
        >
          <ScreenGroups screens={screens} counts={counts} />
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-4 outline-none md:py-6">
          {mail}
          {flash ? (
            <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
              {flash}
            </p>
          ) : null}
          {children}
        </main>
      </div>
      <nav
        aria-label={m.shell.barLabel}
        data-staff-bar
        className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white md:hidden print:hidden"
      >
        <ul className="flex">
          {bar.map((screen) => (
            <li key={screen.id} className="min-w-0 flex-1">
              <BarLink screen={screen} counts={counts} />
            </li>
          ))}
          <li className="min-w-0 flex-1">
            <details ref={more} className="group">
              <summary className="flex min-h-14 cursor-pointer list-none flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium text-gray-800 focus-visible:outline-2 focus-visible:outline-red-700">
                <Ellipsis aria-hidden="true" className="h-5 w-5" />
                {m.shell.more}
              </summary>
              <div className="absolute inset-x-0 bottom-full max-h-[70vh] overflow-y-auto border-t border-gray-200 bg-white px-4 py-3 shadow-lg">
                <ScreenGroups screens={screens} counts={counts} />
              </div>
            </details>
          </li>
        </ul>
      </nav>
      <Toaster />
    </div>
  );
}

/** A count worth a badge: a number and what it counts, in words for screen readers and the tooltip. */
function badgeOf(screen: StaffScreenId, counts: ShellCounts, m: ReturnType<typeof useStaffMessages>["staff"]["shell"]["counts"]) {
  if (screen === "leads" && counts.leads && (counts.leads.waiting > 0 || counts.leads.overdue > 0))
    return {
      count: counts.leads.waiting,
      text: [m.leads(counts.leads.waiting), counts.leads.overdue > 0 ? m.overdue(counts.leads.overdue) : null].filter(Boolean).join(", "),
      urgent: counts.leads.overdue > 0,
    };
  if (screen === "today" && counts.today) return { count: counts.today, text: m.today(counts.today), urgent: false };
  if (screen === "financing" && counts.financing) return { count: counts.financing, text: m.financing(counts.financing), urgent: false };
  if (screen === "bookings" && counts.bookings) return { count: counts.bookings, text: m.bookings(counts.bookings), urgent: false };
  return null;
}

function Badge({ screen, counts }: { screen: StaffScreenId; counts: ShellCounts }) {
  const m = useStaffMessages().staff.shell.counts;
  const badge = badgeOf(screen, counts, m);
  if (!badge) return null;
  return (
    <span
      title={badge.text}
      data-testid={`count-${screen}`}
      className={`ml-auto inline-flex min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-bold ${
        badge.urgent ? "bg-red-700 text-white" : "bg-gray-200 text-gray-900"
      }`}
    >
      <span aria-hidden="true">{badge.count}</span>
      <span className="sr-only">{badge.text}</span>
    </span>
  );
}

/** The navigation by job: Sales, Lot, Service, Finance, Reports, Admin; a group the role has no screen in is left out. */
function ScreenGroups({ screens, counts }: { screens: StaffScreen[]; counts: ShellCounts }) {
  const m = useStaffMessages().staff.shell;
  return (
    <div className="space-y-4">
      {STAFF_NAV_GROUPS.map((group) => {
        const inGroup = screens.filter((s) => s.group === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} aria-label={m.groups[group]}>
            <h2 className="px-2 text-xs font-semibold tracking-wide text-gray-700 uppercase">{m.groups[group]}</h2>
            <ul className="mt-1 space-y-0.5">
              {inGroup.map((screen) => {
                const Icon = ICONS[screen.id];
                return (
                  <li key={screen.id}>
                    <NavLink
                      to={screen.path}
                      prefetch="intent"
                      className={({ isActive }) =>
                        `flex min-h-11 items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium ${
                          isActive ? "bg-red-50 text-red-800" : "text-gray-800 hover:bg-gray-100"
                        }`
                      }
                    >
                      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                      <span data-screen-label>{m.screens[screen.id]}</span>
                      <Badge screen={screen.id} counts={counts} />
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function BarLink({ screen, counts }: { screen: StaffScreen; counts: ShellCounts }) {
  const m = useStaffMessages().staff.shell;
  const Icon = ICONS[screen.id];
  return (
    <NavLink
      to={screen.path}
      className={({ isActive }) =>
        `relative flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium ${isActive ? "text-red-800" : "text-gray-800"}`
      }
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
      <span className="flex max-w-full items-center gap-1 truncate">
        {m.screens[screen.id]}
        <Badge screen={screen.id} counts={counts} />
      </span>
    </NavLink>
  );
}
