import { Link } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const m = messagesFor();
  return pageMeta({
    title: m.pages.home.title(businessProfile.name),
    description: m.pages.home.description(businessProfile.name),
    path: "/",
    publicUrl: publicUrlFrom(matches),
  });
};

export default function HomePage() {
  const m = useMessages();
  return (
    <PageHero title={m.shells.home.heroTitle} subtitle={m.shells.home.heroSubtitle}>
      <Link to="/inventory" className="rounded-md bg-red-700 px-6 py-3 font-semibold text-white hover:bg-red-800">
        {m.shells.home.browseInventory}
      </Link>
      <Link to="/financing" className="rounded-md bg-white px-6 py-3 font-semibold text-gray-900 hover:bg-gray-100">
        {m.shells.home.getFinancing}
      </Link>
    </PageHero>
  );
}
