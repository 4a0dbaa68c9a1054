import { StaffApp, type DashboardTab } from "~/features/staff/staff-dashboard";
import { SettingsTab } from "~/features/staff/settings-tab";
import { BookingsTab } from "~/features/booking/bookings-tab";
import { ServicesTab } from "~/features/booking/services-tab";
import { LeadsTab } from "~/features/leads/leads-tab";
import { MessagesTab } from "~/features/contact/messages-tab";
import { FinancingTab } from "~/features/financing/financing-tab";
import { MailStatusBanner } from "~/features/mail/mail-status-banner";
import { OutboxTab } from "~/features/mail/outbox-tab";
import { CustomersTab } from "~/features/leads/customers-tab";
import { TodayTab } from "~/features/leads/today-tab";
import { VisitorsTab } from "~/features/tracking/visitors-tab";
import { LeadReportTab } from "~/features/leads/lead-report-tab";
import { TradeInsTab } from "~/features/trade-in/trade-ins-tab";
import { DealsTab } from "~/features/deal/deals-tab";
import { AuditTab } from "~/features/staff/audit-tab";
import { SignInScreen } from "~/features/staff/sign-in-screen";
import { StaffTab } from "~/features/staff/staff-tab";
import { VehiclesTab } from "~/features/vehicles/vehicles-tab";
import { businessProfile } from "~/shared/config/business-profile";
import { metaLocale } from "~/app/lib/locale-handle";
import type { Route } from "./+types/podium";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaLocale(matches).messages.pages.podium.title(businessProfile.name) },
  { name: "robots", content: "noindex, nofollow" },
];

/** The dashboard's tabs, in order; each panel comes from the feature that owns its data. A person sees those their role may use. */
const TABS: readonly DashboardTab[] = [
  // First: salespeople open the dashboard to the leads waiting for them.
  { id: "leads", Panel: LeadsTab },
  { id: "vehicles", Panel: VehiclesTab },
  { id: "financing", Panel: FinancingTab },
  { id: "messages", Panel: MessagesTab },
  { id: "bookings", Panel: BookingsTab },
  { id: "tradeIns", Panel: TradeInsTab },
  { id: "customers", Panel: CustomersTab },
  { id: "today", Panel: TodayTab },
  { id: "deals", Panel: DealsTab },
  { id: "services", Panel: ServicesTab },
  { id: "visitors", Panel: VisitorsTab },
  { id: "reports", Panel: LeadReportTab },
  { id: "staff", Panel: StaffTab },
  { id: "audit", Panel: AuditTab },
  { id: "outbox", Panel: OutboxTab },
  { id: "settings", Panel: SettingsTab },
];

/** The staff dashboard: only this route module imports staff code, so it is its own chunk. */
export default function PodiumPage() {
  return <StaffApp tabs={TABS} SignIn={SignInScreen} Banner={MailStatusBanner} />;
}
