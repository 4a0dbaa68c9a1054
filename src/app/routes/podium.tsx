import { AdminApp } from "~/features/admin/admin-dashboard";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor } from "~/shared/i18n/messages";
import type { Route } from "./+types/podium";

export const meta: Route.MetaFunction = () => [
  { title: messagesFor().pages.podium.title(businessProfile.name) },
  { name: "robots", content: "noindex, nofollow" },
];

/** The staff dashboard: only this route module imports admin code, so it is its own chunk. */
export default function PodiumPage() {
  return <AdminApp />;
}
