import { PageHero } from "~/app/lib/page-shell";
import { metaLocale } from "~/app/lib/locale-handle";
import { publicUrlFrom } from "~/app/lib/root-data";
import { businessProfile } from "~/shared/config/business-profile";
import { privacyPageMessagesFor, usePrivacyPageMessages } from "~/shared/i18n/privacy-page-messages";
import { pageMeta } from "~/shared/lib/seo";
import { DealerContact } from "~/shared/ui/dealer-contact";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { locale } = metaLocale(matches);
  const m = privacyPageMessagesFor(locale);
  return pageMeta({
    locale,
    title: `${m.title} | ${businessProfile.name}`,
    description: m.description(businessProfile.name),
    path: "/privacy",
    publicUrl: publicUrlFrom(matches),
  });
};

/** /privacy: the GLBA privacy notice and the website's privacy policy (docs/behaviour.md §2 Privacy). */
export default function PrivacyPage() {
  const m = usePrivacyPageMessages();
  const name = businessProfile.name;
  return (
    <>
      <PageHero title={m.title} subtitle={m.updated} />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 text-gray-800">
        <section aria-labelledby="glba-heading">
          <h2 id="glba-heading" className="text-2xl font-bold">
            {m.glba.heading}
          </h2>
          <p className="mt-3">{m.glba.intro(name)}</p>
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
          <p className="mt-3">{m.glba.notShared}</p>
          <h3 className="mt-6 text-lg font-semibold">{m.glba.protectHeading}</h3>
          <p className="mt-2">{m.glba.protect}</p>
        </section>
        <section aria-labelledby="website-heading">
          <h2 id="website-heading" className="text-2xl font-bold">
            {m.website.heading}
          </h2>
          {(["forms", "visits", "cookies", "source", "saved", "choices"] as const).map((key) => (
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
          <p className="mt-2">{m.contact(name)}</p>
          <div className="mt-4">
            <DealerContact showHours={false} />
          </div>
        </section>
      </div>
    </>
  );
}
