import { BadgeDollarSign, Car, HeartHandshake, ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { businessProfile } from "~/shared/config/business-profile";
import { metaLocale } from "~/app/lib/locale-handle";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/about";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load; its links and form work without React (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { locale, messages: m } = metaLocale(matches);
  return pageMeta({
    locale,
    title: m.pages.about.title(businessProfile.name),
    description: m.pages.about.description,
    path: "/about",
    publicUrl: publicUrlFrom(matches),
  });
};

export default function AboutPage() {
  const path = useLocalizedPath();
  const m = useMessages();
  const a = m.site.about;
  const serviceIcons = [Car, BadgeDollarSign];
  const valueIcons = [Sparkles, HeartHandshake, ShieldCheck];
  return (
    <>
      <PageHero title={m.shells.about.title} />
      <section aria-labelledby="story-heading" className="mx-auto max-w-3xl px-4 py-14">
        <h2 id="story-heading" className="text-3xl font-bold">
          {a.storyHeading}
        </h2>
        {a.story.map((p) => (
          <p key={p} className="mt-4 text-lg text-gray-700">
            {p}
          </p>
        ))}
      </section>
      <section aria-labelledby="about-services-heading" className="bg-gray-50">
        <div className="mx-auto max-w-7xl px-4 py-14">
          <h2 id="about-services-heading" className="text-center text-3xl font-bold">
            {a.servicesHeading}
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {a.services.map((service, i) => {
              const Icon = serviceIcons[i] ?? Car;
              return (
                <div key={service.title} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
                  <Icon aria-hidden="true" className="h-10 w-10 text-red-700" />
                  <h3 className="mt-4 text-xl font-bold">{service.title}</h3>
                  <p className="mt-2 text-gray-700">{service.text}</p>
                </div>
              );
            })}
          </div>
        </div>
      </section>
      <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="values-heading" className="text-center text-3xl font-bold">
          {a.valuesHeading}
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {a.values.map((value, i) => {
            const Icon = valueIcons[i] ?? Sparkles;
            return (
              <div key={value.title} className="text-center">
                <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-red-700" />
                <h3 className="mt-4 text-xl font-bold">{value.title}</h3>
                <p className="mt-2 text-gray-700">{value.text}</p>
              </div>
            );
          })}
        </div>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Link to={path("/inventory")} className="button-primary button-lg">
            {a.browseInventory}
          </Link>
          <Link to={path("/contact")} className="button-secondary button-lg">
            {a.contactUs}
          </Link>
        </div>
      </section>
    </>
  );
}
