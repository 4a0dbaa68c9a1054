import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const m = messagesFor();
  return pageMeta({
    title: m.pages.contact.title(businessProfile.name),
    description: m.pages.contact.description,
    path: "/contact",
    publicUrl: publicUrlFrom(matches),
  });
};

export default function ContactPage() {
  const m = useMessages();
  return <PageHero title={m.shells.contact.title} />;
}
