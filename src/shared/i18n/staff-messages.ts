import { alerts } from "./en/staff-alerts";
import { customers } from "./en/staff-customers";
import { staffApp } from "./en/staff-app";
import { deal } from "./en/staff-deal";
import { inbox } from "./en/staff-inbox";
import { leads } from "./en/staff-leads";
import { leadAlarm } from "./en/staff-lead-alarm";
import { lot } from "./en/staff-lot";
import { reports } from "./en/staff-reports";
import { staff } from "./en/staff";
import { staffDashboard } from "./en/staff-dashboard";
import { vehicleText } from "./en/staff-vehicle-text";
import { services } from "./en/staff-services";

/**
 * The staff dashboard's catalogue, kept apart from the public one so no public page downloads
 * the dashboard's text (docs/decisions/016-javascript-budget.md). The dashboard is English only
 * (docs/behaviour.md §10), whatever language the public pages are in.
 */
export const staffEn = {
  staff: { ...staffDashboard, ...staff },
  lot,
  leads,
  inbox,
  deal,
  vehicleText,
  services,
  customers,
  leadAlarm,
  reports,
  staffApp,
  alerts,
};

export type StaffMessages = typeof staffEn;

/** The staff catalogue. */
export function useStaffMessages(): StaffMessages {
  return staffEn;
}

/** The staff catalogue outside React (schemas, server code). */
export function staffMessagesFor(): StaffMessages {
  return staffEn;
}
