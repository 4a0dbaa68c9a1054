import { PageHero } from "~/app/lib/page-shell";
import { metaLocale } from "~/app/lib/locale-handle";
import { publicUrlFrom } from "~/app/lib/root-data";
import { businessProfile } from "~/shared/config/business-profile";
import { localeFromPath } from "~/shared/i18n/locales";
import { privacyPageMessagesFor } from "~/shared/i18n/privacy-page-messages";
import { pageMeta } from "~/shared/lib/seo";
import { DealerContact } from "~/shared/ui/dealer-contact";
import type { Route } from "./+types/privacy";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load; its links and form work without React (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * The page's text in its own language, written on the server: the notice is long, and sent as data it
 * never becomes JavaScript the browser downloads in three languages (decision 016's budget).
 */
export function loader({ request }: Route.LoaderArgs) {
  const m = privacyPageMessagesFor(localeFromPath(new URL(request.url).pathname));
  const name = businessProfile.name;
  return {
    text: {
      ...m,
      description: m.description(name),
      glba: { ...m.glba, intro: m.glba.intro(name) },
      contact: m.contact(name),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { locale } = metaLocale(matches);
  return pageMeta({
    locale,
    title: `${loaderData?.text.title ?? ""} | ${businessProfile.name}`,
    description: loaderData?.text.description ?? "",
    path: "/privacy",
    publicUrl: publicUrlFrom(matches),
  });
};

/** /privacy: the GLBA privacy notice and the website's privacy policy (docs/behaviour.md §2 Privacy). */
export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const m = loaderData.text;
  return (
    <>
      <PageHero title={m.title} subtitle={m.updated} />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 text-gray-800">
        <section aria-labelledby="glba-heading">
          <h2 id="glba-heading" className="text-2xl font-bold">
            {m.glba.heading}
          </h2>
          <p className="mt-3">{m.glba.intro}</p>
          <h3 className="mt-6 text-lg font-semibold">{m.glba.collectHeading}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {m.glba.collect.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h3 className="mt-6 text-lg font-semibold">{m.glba.shareHeading}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {m.glba.share.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-3">{m.glba.formerCustomers}</p>
          <p className="mt-3">{m.glba.notShared}</p>
          <h3 className="mt-6 text-lg font-semibold">{m.glba.protectHeading}</h3>
          <p className="mt-2">{m.glba.protect}</p>
          <h3 className="mt-6 text-lg font-semibold">{m.glba.retentionHeading}</h3>
          <p className="mt-2">{m.glba.retention}</p>
        </section>
        <section aria-labelledby="website-heading">
          <h2 id="website-heading" className="text-2xl font-bold">
            {m.website.heading}
          </h2>
          {(["forms", "contactChoices", "visits", "cookies", "source", "saved", "choices"] as const).map((key) => (
            <div key={key}>
              <h3 className="mt-6 text-lg font-semibold">{m.website[`${key}Heading`]}</h3>
              <p className="mt-2">{m.website[key]}</p>
            </div>
          ))}
        </section>
        <section aria-labelledby="privacy-contact-heading" className="rounded-xl border border-gray-200 p-6">
          <h2 id="privacy-contact-heading" className="text-xl font-bold">
            {m.contactHeading}
          </h2>
          <p className="mt-2">{m.contact}</p>
          <div className="mt-4">
            <DealerContact showHours={false} />
          </div>
        </section>
      </div>
    </>
  );
}
