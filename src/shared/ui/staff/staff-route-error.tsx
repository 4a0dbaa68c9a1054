import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { buttonClass } from "./button";

/**
 * Every staff route's error boundary (docs/decisions/101-one-staff-form-path.md): the status React
 * Router carries, said in the catalogue's words, with the way on: sign in again after 401, the
 * person's first screen otherwise. Never the answer's raw body.
 */
export function StaffRouteError() {
  const error = useRouteError();
  const location = useLocation();
  const m = useStaffMessages().staff.shell.errors;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text =
    status === 401 ? m.signedOut : status === 403 ? m.forbidden : status === 404 ? m.notFound : status === 413 ? m.tooLarge : m.text;
  const signIn = `/podium/sign-in?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`;
  return (
    <section aria-labelledby="staff-error-title" className="mx-auto max-w-xl py-12 text-center" data-status={status}>
      <title>{m.title}</title>
      <h1 id="staff-error-title" className="text-2xl font-bold">
        {status === 404 ? m.notFound : m.title}
      </h1>
      <p className="mt-3 text-gray-800">{text}</p>
      {status === 401 ? (
        <a href={signIn} className={buttonClass("primary", "md", "mt-6")}>
          {m.signIn}
        </a>
      ) : (
        <Link to="/podium" className={buttonClass("primary", "md", "mt-6")}>
          {m.home}
        </Link>
      )}
    </section>
  );
}
