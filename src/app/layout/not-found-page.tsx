import { Link } from "react-router";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";

/** The '404 Page Not Found' card for unknown routes and unknown vehicles (docs/behaviour.md §8). */
export function NotFoundPage() {
  const path = useLocalizedPath();
  const m = useMessages();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="not-found">
      <title>{m.layout.notFound.title}</title>
      <meta name="robots" content="noindex" />
      <div className="w-full rounded-2xl border border-gray-200 p-10 shadow-sm">
        <p className="text-6xl font-extrabold text-red-700">{m.layout.notFound.heading}</p>
        <h1 className="mt-2 text-2xl font-bold">{m.layout.notFound.subheading}</h1>
        <p className="mt-4 text-gray-700">{m.layout.notFound.text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={path("/")} className="button-primary button-lg">
            {m.layout.notFound.home}
          </Link>
          <Link to={path("/inventory")} className="button-secondary button-lg">
            {m.layout.notFound.inventory}
          </Link>
        </div>
      </div>
    </section>
  );
}
