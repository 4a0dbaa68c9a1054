import { Router } from "express";
import { staffNotFound } from "~/features/staff/staff-not-found-api.server";
import { alertsStaffApi } from "~/features/alerts/alerts-staff-api.server";
import { bookingStaffApi } from "~/features/booking/booking-staff-api.server";
import { contactStaffApi } from "~/features/contact/contact-staff-api.server";
import { dealSheetStaffApi } from "~/features/deal/deal-sheet-staff-api.server";
import { dealStaffApi } from "~/features/deal/deal-staff-api.server";
import { customersStaffApi } from "~/features/leads/customers-api.server";
import { tasksStaffApi } from "~/features/leads/tasks-api.server";
import { leadsStaffApi } from "~/features/leads/leads-api.server";
import { leadReportStaffApi } from "~/features/leads/lead-report-staff-api.server";
import { financingStaffApi } from "~/features/financing/financing-staff-api.server";
import { leadSettingsApi } from "~/features/leads/lead-settings-api.server";
import { outboxStaffApi } from "~/features/mail/outbox-staff-api.server";
import { trackingStaffApi } from "~/features/tracking/tracking-staff-api.server";
import { tradeInStaffApi } from "~/features/trade-in/trade-in-staff-api.server";
import { vehiclesStaffApi } from "~/features/vehicles/vehicles-staff-api.server";
import { staffAccountsApi, type StaffAccess } from "~/features/staff/staff-accounts-api.server";
import { pushStaffApi } from "~/features/push/push-api.server";
import type { AppContext } from "~/server/context.server";

/**
 * Every /api/admin/* route: the staff guard first (sessions and the route-to-roles table), then each feature's staff router
 * (each feature owns its staff use cases; the guard hands them the signed-in person through
 * src/server/http/staff-request.server.ts), then a JSON 404 for unknown admin paths.
 * Tests enumerate the routes of this router (listRoutes) for the 401 and cross-site checks.
 */
export function staffRouter(ctx: AppContext, access: StaffAccess): Router {
  const router = Router();
  router.use(access.guard);
  router.use(staffAccountsApi(ctx));
  // Before the vehicles' router: /admin/vehicles/saves is not a vehicle id.
  router.use(alertsStaffApi(ctx));
  router.use(vehiclesStaffApi(ctx));
  router.use(financingStaffApi(ctx));
  router.use(contactStaffApi(ctx));
  router.use(bookingStaffApi(ctx));
  router.use(tradeInStaffApi(ctx));
  router.use(trackingStaffApi(ctx));
  router.use(outboxStaffApi(ctx));
  router.use(dealStaffApi(ctx));
  router.use(customersStaffApi(ctx));
  router.use(tasksStaffApi(ctx));
  router.use(leadSettingsApi(ctx));
  router.use(dealSheetStaffApi(ctx));
  router.use(leadsStaffApi(ctx));
  router.use(leadReportStaffApi(ctx));
  router.use(pushStaffApi(ctx));
  router.use(staffNotFound());
  return router;
}
