import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError } from "react-router";
import { localeFromMatches } from "~/app/lib/locale-handle";
import { documentHydration, PageScripts } from "~/app/lib/page-hydration";
import { LanguageSuggestion } from "~/app/layout/language-suggestion";
import { SiteFooter } from "~/app/layout/site-footer";
import { SiteHeader } from "~/app/layout/site-header";
import { SplashScreen } from "~/app/layout/splash-screen";
import { NotFoundPage } from "~/app/layout/not-found-page";
import { useWebVitalsReporting } from "~/features/tracking/report-web-vitals";
import { useVisitorTracking } from "~/features/tracking/use-visitor-tracking";
import { loadIsolatedPagesAsDocuments } from "~/server/http/opener-isolation.server";
import { appContext } from "~/server/load-context.server";
import { weeklyHoursText } from "~/app/lib/weekly-hours.server";
import { clockOffset } from "~/shared/lib/business-hours";
import { LANGUAGE_TAGS } from "~/shared/i18n/locales";
import { MessagesProvider, useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { IslandsDocumentContext } from "~/shared/ui/island";
import { useNonce } from "~/shared/ui/nonce";
import { Toaster } from "~/shared/ui/toast";
import type { Route } from "./+types/root";
import "./app.css";

// Pages that take secrets are always loaded as documents, with their opener policy (decision 052).
export const middleware: Route.MiddlewareFunction[] = [loadIsolatedPagesAsDocuments];

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.get(appContext).env.publicUrl, clockOffset: clockOffset(Date.now()), hours: weeklyHoursText() };
}

// A PNG, not an SVG: Chrome renders an SVG favicon as a document of its own on the page's main
// thread, a long task in the middle of hydration on a phone (decision 049).
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.png", type: "image/png", sizes: "48x48" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The language comes from the URL: each language's layout route carries its catalogue.
  const matches = useMatches();
  const current = localeFromMatches(matches);
  // Decided for the document, on the server. In the browser this page has hydrated whole, so its scripts
  // stay whichever page it navigates to (and the client build drops the other branches).
  const hydration = import.meta.env.SSR ? documentHydration(matches) : "whole";
  const hydrates = !import.meta.env.SSR || hydration === "whole";
  const content = current ? (
    <MessagesProvider locale={current.locale} messages={current.messages}>
      {current.staff ? (
        // The staff app brings its own shell (routes/podium/layout.tsx): not the shoppers' header and footer.
        children
      ) : (
        <>
          <SkipLink />
          <SiteHeader />
          <LanguageSuggestion />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <SiteFooter />
          <Toaster />
          <SplashScreen />
        </>
      )}
    </MessagesProvider>
  ) : (
    // Only when React Router refused a request before matching any page (a method it does not know,
    // which the HTTP layer answers first with a 405): no language, so neither the shell nor the error
    // page, whose text is the catalogue's and which threw outside its provider. The status says it all.
    <main id="main" />
  );
  return (
    <html lang={LANGUAGE_TAGS[current?.locale ?? "en"]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b91c1c" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-gray-900 antialiased">
        {/* Rendered in both builds, so the tree (and every useId) is the same on both sides; only the server's says true. */}
        <IslandsDocumentContext.Provider value={hydration === "islands"}>{content}</IslandsDocumentContext.Provider>
        {/* Each on its own, so the client build (where `hydrates` is always true) renders exactly what it did. */}
        {hydrates ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrates ? <Scripts nonce={nonce} /> : <PageScripts nonce={nonce} islands={hydration === "islands"} />}
      </body>
    </html>
  );
}

function SkipLink() {
  const m = useMessages();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-red-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
    >
      {m.layout.skipToContent}
    </a>
  );
}

export default function App() {
  useVisitorTracking();
  useWebVitalsReporting();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const staff = localeFromMatches(useMatches())?.staff;
  useVisitorTracking();
  if (staff) return <staff.ErrorPage />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <GenericErrorPage />;
}

function GenericErrorPage() {
  const m = useMessages();
  const path = useLocalizedPath();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{m.layout.error.title}</title>
      <h1 className="text-3xl font-bold">{m.layout.error.title}</h1>
      <p className="mt-4 text-gray-700">{m.layout.error.text}</p>
      <a href={path("/")} className="button-primary button-lg mt-8">
        {m.layout.error.home}
      </a>
    </section>
  );
}
