import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/booking";

export const meta: Route.MetaFunction = ({ matches }) => {
  const m = messagesFor();
  return pageMeta({
    title: m.pages.booking.title(businessProfile.name),
    description: m.pages.booking.description,
    path: "/booking",
    publicUrl: publicUrlFrom(matches),
  });
};

export default function BookingPage() {
  const m = useMessages();
  return <PageHero title={m.shells.booking.title} />;
}
