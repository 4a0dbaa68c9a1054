import type { ReactNode } from "react";

/** Standard page hero: a heading, an optional subtitle and actions. */
export function PageHero({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-gray-950 via-gray-900 to-red-950 text-white [--button-ring:white]">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {subtitle ? <p className="mt-4 max-w-2xl text-lg text-gray-200">{subtitle}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
