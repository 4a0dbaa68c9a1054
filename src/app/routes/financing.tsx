import { ArrowLeft, BadgeCheck, Percent, ShieldCheck } from "lucide-react";
import { data, Link } from "react-router";
import { refusedFormPost } from "~/app/http/form-refusal.server";
import { PageHero } from "~/app/lib/page-shell";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";
import { publicUrlFrom } from "~/app/lib/root-data";
import { FinancingForm } from "~/features/financing/financing-form";
import { financingVehicle } from "~/features/financing/financing-vehicle.server";
import { financingFormPost } from "~/features/financing/financing-form-action.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { metaLocale } from "~/app/lib/locale-handle";
import { localeFromPath } from "~/shared/i18n/locales";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/financing";

/**
 * "Apply for Financing" on a vehicle page opens /financing?vehicleId=…: the form carries that
 * vehicle's id and shows its name, in the page's language. An id that is malformed, unknown or sold opens the plain form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { vehicle: await financingVehicle(context.get(appContext), url.searchParams.get("vehicleId"), localeFromPath(url.pathname)) };
}

/** The application, posted with or without JavaScript (multipart; the same schema and service as POST /api/financing). */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = refusedFormPost(context);
  if (refused) return refused;
  const { result, setCookie } = await financingFormPost(context.get(appContext), request);
  const status = result.kind === "submitted" ? 200 : result.kind === "too-large" ? 413 : result.kind === "failed" ? 503 : 400;
  return data(result, { status, headers: { "Cache-Control": "no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } });
}

/**
 * Only its islands hydrate (decision 153): the form posts to the action as a document, and the parts that need
 * JavaScript hydrate on their own.
 */
export const handle: PageHydrationHandle = { hydrate: "islands" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { locale, messages: m } = metaLocale(matches);
  return pageMeta({
    locale,
    title: m.pages.financing.title(businessProfile.name),
    description: m.pages.financing.description,
    path: "/financing",
    publicUrl: publicUrlFrom(matches),
  });
};

const benefitIcons = [BadgeCheck, Percent, ShieldCheck];

export default function FinancingPage({ actionData, loaderData }: Route.ComponentProps) {
  const path = useLocalizedPath();
  const m = useMessages().financing;
  const vehicle = loaderData.vehicle;
  return (
    <>
      <PageHero title={m.hero.title} subtitle={m.hero.subtitle}>
        <Link to={path("/")} className="button-ghost button-md">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {m.hero.back}
        </Link>
      </PageHero>
      <section aria-label={m.benefits.label} className="mx-auto max-w-5xl px-4 pt-10">
        <ul className="grid gap-4 sm:grid-cols-3">
          {m.benefits.items.map((benefit, i) => {
            const Icon = benefitIcons[i]!;
            return (
              <li key={benefit.title} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                <Icon aria-hidden="true" className="h-8 w-8 text-red-700" />
                <h2 className="mt-3 text-lg font-semibold text-gray-900">{benefit.title}</h2>
                <p className="mt-1 text-sm text-gray-700">{benefit.text}</p>
              </li>
            );
          })}
        </ul>
      </section>
      <div className="mx-auto max-w-5xl px-4 py-10">
        {/* The vehicle's id stays in the URL the form posts to without JavaScript, so a refused post keeps it. */}
        <FinancingForm action={path(vehicle ? `/financing?vehicleId=${vehicle.id}` : "/financing")} posted={actionData} vehicle={vehicle} />
      </div>
    </>
  );
}
