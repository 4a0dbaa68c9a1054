import { DealSettingsForm } from "~/features/deal/deal-settings-form";
import { dealSettingsForm } from "~/features/deal/deal-settings-form.server";
import { getDealSettings } from "~/features/deal/deal-settings.server";
import { LeadSettingsForm } from "~/features/leads/lead-settings-form";
import { leadSettingsForm } from "~/features/leads/lead-settings-form.server";
import { getLeadSettings } from "~/features/leads/lead-settings.server";
import { SettingsScreen } from "~/features/staff/settings-screen";
import { settingsConfiguration } from "~/features/staff/settings-screen.server";
import { ownerSettingsFormPost } from "~/server/http/owner-settings-form.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/settings";

export const meta = () => screenMeta("settings");

/** The owner's settings (GET /api/admin/deal-settings's and /lead-settings's use cases) and what is configured. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const [deal, lead] = await Promise.all([getDealSettings(ctx), getLeadSettings(ctx)]);
  return { deal, lead, configuration: settingsConfiguration(ctx) };
}

/** A save of one owner's setting (decision 107): the deal settings or the lead response time, by its intent. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return ownerSettingsFormPost(context.get(appContext), request, context.get(staffContext)!, form, [dealSettingsForm, leadSettingsForm]);
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsScreen
      configuration={loaderData.configuration}
      settings={
        <>
          <DealSettingsForm stored={loaderData.deal} />
          <LeadSettingsForm stored={loaderData.lead} />
        </>
      }
    />
  );
}

export const ErrorBoundary = StaffRouteError;
