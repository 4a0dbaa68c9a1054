import { Phone } from "lucide-react";
import { data } from "react-router";
import { refusedFormPost } from "~/app/http/form-refusal.server";
import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { ContactForm } from "~/features/contact/contact-form";
import { contactFormPost } from "~/features/contact/contact-form-action.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { metaLocale } from "~/app/lib/locale-handle";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import { DealerContact } from "~/shared/ui/dealer-contact";
import { formClientAction } from "~/shared/ui/form-post";
import { MapFacade } from "~/shared/ui/map-facade";
import { WeeklyHours } from "~/shared/ui/weekly-hours";
import type { Route } from "./+types/contact";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

/**
 * Only the map and the header's islands change after load; the form posts to the action as a document,
 * whose answer shows the server's field messages or its success note (decision 152).
 */
export const handle: PageHydrationHandle = { hydrate: "islands" };

/** docs/behaviour.md §9: the map is at least 400 px high. */
const MAP_MIN_HEIGHT = 400;

/** The contact form, posted with or without JavaScript (the same service as POST /api/contact). */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = refusedFormPost(context);
  if (refused) return refused;
  const result = await contactFormPost(context.get(appContext), request);
  return data(result, { status: result.kind === "sent" ? 200 : result.kind === "too-large" ? 413 : 400 });
}

export const clientAction = (args: Route.ClientActionArgs) => formClientAction(args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const { locale, messages: m } = metaLocale(matches);
  return pageMeta({
    locale,
    title: m.pages.contact.title(businessProfile.name),
    description: m.pages.contact.description,
    path: "/contact",
    publicUrl: publicUrlFrom(matches),
  });
};

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const m = useMessages();
  const path = useLocalizedPath();
  const c = m.site.contact;
  return (
    <>
      <PageHero title={m.shells.contact.title} subtitle={c.subtitle} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-8">
          <section aria-labelledby="form-heading" className="rounded-xl border border-gray-200 p-6">
            <h2 id="form-heading" className="text-2xl font-bold">
              {c.formHeading}
            </h2>
            <ContactForm className="mt-4" action={path("/contact")} posted={actionData} />
          </section>
          <section aria-labelledby="map-heading">
            <h2 id="map-heading" className="text-2xl font-bold">
              {c.findUs}
            </h2>
            <MapFacade text={m.site.map} className="mt-4" minHeight={MAP_MIN_HEIGHT} />
          </section>
        </div>
        <div className="space-y-8">
          <section aria-labelledby="details-heading" className="rounded-xl border border-gray-200 p-6">
            <h2 id="details-heading" className="text-xl font-bold">
              {c.detailsHeading}
            </h2>
            <div className="mt-4">
              <DealerContact showHours={false} />
            </div>
          </section>
          <section aria-labelledby="hours-heading" className="rounded-xl border border-gray-200 p-6">
            <h2 id="hours-heading" className="text-xl font-bold">
              {c.hoursHeading}
            </h2>
            <WeeklyHours className="mt-4" />
          </section>
          <section aria-labelledby="call-heading" className="rounded-xl bg-red-800 p-6 text-white [--button-ring:white]">
            <h2 id="call-heading" className="text-xl font-bold">
              {c.callHeading}
            </h2>
            <p className="mt-2">{c.callText}</p>
            <a href={`tel:${businessProfile.phoneE164}`} className="button-inverse button-lg mt-4">
              <Phone aria-hidden="true" className="h-5 w-5" />
              {c.callNow}: {businessProfile.phone}
            </a>
          </section>
        </div>
      </div>
    </>
  );
}
