import { data } from "react-router";
import { refusedFormPost } from "~/app/http/form-refusal.server";
import { tradeInVinDecode } from "~/app/http/service-vin-decoder.server";
import { metaLocale } from "~/app/lib/locale-handle";
import { PageHero } from "~/app/lib/page-shell";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";
import { publicUrlFrom } from "~/app/lib/root-data";
import { TradeInForm } from "~/features/trade-in/trade-in-form";
import { tradeInFormPost } from "~/features/trade-in/trade-in-form-action.server";
import { appContext, clientAddressContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { contactConsentMessagesFor } from "~/shared/i18n/contact-consent-messages";
import { localeFromPath } from "~/shared/i18n/locales";
import { useLocalizedPath } from "~/shared/i18n/messages";
import { tradeInMessagesFor, useTradeInMessages } from "~/shared/i18n/trade-in-messages";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/trade-in";

/** The consent's words in the page's language only (decision 094): the other languages stay on the server. */
export function loader({ request }: Route.LoaderArgs) {
  const words = contactConsentMessagesFor(localeFromPath(new URL(request.url).pathname));
  return { consent: { label: words.label(businessProfile.name), hint: words.hint } };
}

/** The form posted with or without JavaScript (multipart; the same schema and service as POST /api/trade-ins). */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = refusedFormPost(context);
  if (refused) return refused;
  const ctx = context.get(appContext);
  const result = await tradeInFormPost(ctx, request, tradeInVinDecode(ctx.env.vpicCacheDir), context.get(clientAddressContext));
  const status = { sent: 200, "too-large": 413, failed: 503, invalid: 400 } as const;
  return data(result, { status: status[result.kind] });
}

/**
 * Only its islands hydrate (decision 153): the form posts to the action as a document, and the parts that need
 * JavaScript hydrate on their own.
 */
export const handle: PageHydrationHandle = { hydrate: "islands" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { locale } = metaLocale(matches);
  const m = tradeInMessagesFor(locale).meta;
  return pageMeta({
    locale,
    title: m.title(businessProfile.name),
    description: m.description,
    path: "/trade-in",
    publicUrl: publicUrlFrom(matches),
  });
};

/** /trade-in: "What's my car worth?", the trade-in appraisal request (decision 067). */
export default function TradeInPage({ actionData, loaderData }: Route.ComponentProps) {
  const m = useTradeInMessages();
  const path = useLocalizedPath();
  return (
    <>
      <PageHero title={m.heading} subtitle={m.intro} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <TradeInForm action={path("/trade-in")} posted={actionData} consent={loaderData.consent} />
      </div>
    </>
  );
}
