import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const m = messagesFor();
  return pageMeta({
    title: m.pages.about.title(businessProfile.name),
    description: m.pages.about.description,
    path: "/about",
    publicUrl: publicUrlFrom(matches),
  });
};

export default function AboutPage() {
  const m = useMessages();
  return <PageHero title={m.shells.about.title} />;
}
