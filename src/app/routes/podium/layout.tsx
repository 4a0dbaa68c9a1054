import { data, Outlet } from "react-router";
import type { LocaleHandle } from "~/app/lib/locale-handle";
import { staffPagesGuard } from "~/app/lib/staff-session.server";
import { MailStatusLine } from "~/features/mail/mail-status-line";
import { mailStatus } from "~/features/mail/outbox-staff.server";
import { StaffShell } from "~/features/staff/staff-shell";
import { useLiveStaffScreen } from "~/features/staff/use-live-staff-screen";
import { useStaffServiceWorker } from "~/features/staff/use-staff-service-worker";
import { shellCounts } from "~/features/staff/staff-shell.server";
import { clearStaffFlashCookie, readStaffFlash } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { en } from "~/shared/i18n/en";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/layout";

/** Session, role and same-site checks for every staff route below (decision 100). */
export const middleware: Route.MiddlewareFunction[] = [staffPagesGuard];

/**
 * The shell's data on every staff page: who is signed in, the navigation's live counts, the mail's
 * state and the message a post without JavaScript left (its cookie is cleared as it is read).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  if (!staff) return { user: null };
  const ctx = context.get(appContext);
  const [counts, mail] = await Promise.all([shellCounts(ctx, staff), mailStatus(ctx)]);
  const flash = readStaffFlash(ctx, request);
  const shell = { user: { email: staff.email, name: staff.name, role: staff.role }, counts, mail, flash };
  return flash ? data(shell, { headers: { "Set-Cookie": clearStaffFlashCookie(request) } }) : shell;
}

/** The counts stay live: every move between staff screens reads them again (a few indexed counts). */
export const shouldRevalidate = () => true;

/** The installable staff app's manifest (decision 114): on staff pages only, never on a public one. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/podium/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/staff-icon-192.png" },
];

export default function PodiumLayout({ loaderData }: Route.ComponentProps) {
  useStaffServiceWorker();
  if (!loaderData.user)
    return (
      <main id="main" className="min-h-screen bg-gray-50">
        <Outlet />
      </main>
    );
  return <SignedInShell loaderData={loaderData} />;
}

/** The shell of a signed-in person, kept live by the event stream (decision 113). */
function SignedInShell({ loaderData }: { loaderData: Extract<Route.ComponentProps["loaderData"], { counts: unknown }> }) {
  useLiveStaffScreen();
  return (
    <StaffShell
      user={loaderData.user}
      counts={loaderData.counts}
      mail={<MailStatusLine status={loaderData.mail} />}
      flash={loaderData.flash}
    >
      <Outlet />
    </StaffShell>
  );
}

/** The guard's refusals (401, 403, a cross-site post) and any failure of the shell itself. */
export function ErrorBoundary() {
  return (
    <main id="main" className="min-h-screen bg-gray-50 px-4">
      <StaffRouteError />
    </main>
  );
}

/**
 * English, and its own shell: the root layout renders no public header or footer around it, and the
 * root's error boundary this page for an error of the staff pages (where React Router shows a refusal of
 * the middleware above: the root is the highest route with a loader).
 */
export const handle: LocaleHandle = { locale: "en", messages: en, staff: { ErrorPage: ErrorBoundary } };
