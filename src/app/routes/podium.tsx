import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor, useMessages } from "~/shared/i18n/messages";
import type { Route } from "./+types/podium";

export const meta: Route.MetaFunction = () => [
  { title: messagesFor().pages.podium.title(businessProfile.name) },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PodiumPage() {
  const m = useMessages();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{m.shells.podium.title}</h1>
    </section>
  );
}
