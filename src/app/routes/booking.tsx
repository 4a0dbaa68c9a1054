import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { refusedFormPost } from "~/app/http/form-refusal.server";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";
import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { BookingConfirmation } from "~/features/booking/booking-confirmation";
import { BookingFallbackForm } from "~/features/booking/booking-fallback-form";
import { bookingFormPost, fallbackBookingDays } from "~/features/booking/booking-form-action.server";
import { BookingWizard } from "~/features/booking/booking-wizard";
import { listBookableServices } from "~/features/booking/booking.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { metaLocale } from "~/app/lib/locale-handle";
import { localeFromPath } from "~/shared/i18n/locales";
import { useLocale, useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import { Island } from "~/shared/ui/island";
import type { Route } from "./+types/booking";
import { serviceVinDecode } from "~/app/http/service-vin-decoder.server";

/**
 * The service menu comes from the same service function as GET /api/services. It is
 * awaited so the cards are in the first HTML: streaming them in after a spinner moved
 * the page (layout shift) for a query that takes under a millisecond.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  return { services: await listBookableServices(ctx, locale), fallbackDays: await fallbackBookingDays(ctx) };
}

/**
 * The booking, posted as a document by the wizard's last step or by the plain form without JavaScript
 * (decisions 025, 062 and 158): the same schema and service as POST /api/bookings.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = refusedFormPost(context);
  if (refused) return refused;
  const ctx = context.get(appContext);
  const result = await bookingFormPost(ctx, request, new Date(), serviceVinDecode(ctx.env.vpicCacheDir));
  const status = { booked: 201, invalid: 400, "slot-taken": 409, "too-large": 413 }[result.kind];
  return data(result, { status });
}

/**
 * Only its islands hydrate (decision 158): the wizard hydrates on its own, and its form posts to the action as a
 * document, which answers with the confirmation or with the wizard where the shopper left it.
 */
export const handle: PageHydrationHandle = { hydrate: "islands" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { locale, messages: m } = metaLocale(matches);
  return pageMeta({
    locale,
    title: m.pages.booking.title(businessProfile.name),
    description: m.pages.booking.description,
    path: "/booking",
    publicUrl: publicUrlFrom(matches),
  });
};

/** Hides the interactive flow when scripts are off: the plain form below stands in for it. */
const HIDE_INTERACTIVE_FLOW = ".booking-interactive{display:none}";

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const path = useLocalizedPath();
  const locale = useLocale();
  const m = useMessages();
  const posted = actionData?.kind === "booked" ? null : (actionData ?? null);
  return (
    <>
      <PageHero title={m.shells.booking.title} subtitle={m.booking.subtitle}>
        <Link to={path("/")} className="button-inverse button-md">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {m.booking.back}
        </Link>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10">
        {actionData?.kind === "booked" ? (
          <BookingConfirmation
            bookingId={actionData.booking.id}
            serviceName={actionData.serviceName}
            date={actionData.booking.bookingDate}
            time={actionData.booking.bookingTime}
            email={actionData.email}
          />
        ) : (
          <>
            <div className="booking-interactive">
              <Island name="booking-wizard" view={BookingWizard} props={{ locale, services: loaderData.services, posted }} />
            </div>
            <noscript>
              <style>{HIDE_INTERACTIVE_FLOW}</style>
              <BookingFallbackForm services={loaderData.services} days={loaderData.fallbackDays} posted={actionData} />
            </noscript>
          </>
        )}
      </div>
    </>
  );
}
