import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { publicUrlFrom } from "~/app/lib/root-data";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor, useMessages } from "~/shared/i18n/messages";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/inventory";

export const meta: Route.MetaFunction = ({ matches }) => {
  const m = messagesFor();
  return pageMeta({
    title: m.pages.inventory.title(businessProfile.name),
    description: m.pages.inventory.description,
    path: "/inventory",
    publicUrl: publicUrlFrom(matches),
  });
};

export default function InventoryPage() {
  const m = useMessages();
  return (
    <PageHero title={m.shells.inventory.title} subtitle={m.shells.inventory.subtitle}>
      <Link to="/" className="inline-flex items-center gap-2 rounded-md border border-white/50 px-4 py-2 font-semibold hover:bg-white/10">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {m.layout.back}
      </Link>
    </PageHero>
  );
}
