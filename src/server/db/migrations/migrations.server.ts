import type { Migration } from "kysely/migration";
import { initialMigration } from "./001-initial.server";
import { staffAccountsMigration } from "./002-staff-accounts.server";
import { leadDeliveryMigration } from "./003-lead-delivery.server";
import { lotMigration } from "./004-lot.server";
import { webVitalsMigration } from "./006-web-vitals.server";
import { leadOutboxCleanupMigration } from "./008-lead-outbox-cleanup.server";
import { signInLocksMigration } from "./009-sign-in-locks.server";
import { vehiclesUpdatedAtIndexMigration } from "./010-vehicles-updated-at-index.server";
import { leadVehiclesMigration } from "./011-lead-vehicles.server";
import { bookingCalendarSequenceMigration } from "./012-booking-calendar-sequence.server";
import { vehicleFuelTypeMigration } from "./013-vehicle-fuel-type.server";
import { massachusettsWarrantyMigration } from "./014-massachusetts-warranty.server";
import { staffRolesFromOneListMigration } from "./015-staff-roles-from-one-list.server";
import { dealSettingsMigration } from "./016-deal-settings.server";
import { tradeInsMigration } from "./017-trade-ins.server";
import { serviceTranslationsMigration } from "./018-service-translations.server";
import { vehicleFeatureKeysMigration } from "./019-vehicle-feature-keys.server";
import { dealsMigration } from "./020-deals.server";
import { leadInboxMigration } from "./022-lead-inbox.server";
import { leadInboxOrderIndexesMigration } from "./023-lead-inbox-order-indexes.server";
import { leadAlarmMigration } from "./024-lead-alarm.server";
import { tasksMigration } from "./025-tasks.server";
import { uniqueCustomerContactsMigration } from "./026-unique-customer-contacts.server";
import { leadSearchMigration } from "./027-lead-search.server";
import { deviceGenerationMigration } from "./028-device-generation.server";
import { leadSourcesWithoutPagesMigration } from "./029-lead-sources-without-pages.server";
import { dealPricesNeverNegativeMigration } from "./030-deal-prices-never-negative.server";
import { structuredWarrantyTermsMigration } from "./031-structured-warranty-terms.server";
import { financingActionTakenMigration } from "./032-financing-action-taken.server";
import { contactConsentAndOptOutMigration } from "./033-contact-consent-and-opt-out.server";
import { staffAppCountsMigration } from "./035-staff-app-counts.server";
import { leadStatusOnceMigration } from "./036-lead-status-once.server";
import { vehiclesNewestFirstIndexMigration } from "./038-vehicles-newest-first-index.server";
import { staffEventsMigration } from "./040-staff-events.server";
import { pushSubscriptionsMigration } from "./041-push-subscriptions.server";
import { pushOutboxMigration } from "./042-push-outbox.server";
import { shopperAlertsMigration } from "./043-shopper-alerts.server";
import { outboxHeadersMigration } from "./044-outbox-headers.server";
import { alertSignalsMigration } from "./045-alert-signals.server";
import { taskDueNoticesMigration } from "./046-task-due-notices.server";
import { contactSubmissionsCreatedAtIndexMigration } from "./048-contact-submissions-created-at-index.server";
import { customerSearchMigration } from "./049-customer-search.server";

/**
 * Every schema version in order. Append a new `NNN-name` entry for each change;
 * never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "001-initial": initialMigration,
  "002-staff-accounts": staffAccountsMigration,
  "003-lead-delivery": leadDeliveryMigration,
  "004-lot": lotMigration,
  "006-web-vitals": webVitalsMigration,
  "008-lead-outbox-cleanup": leadOutboxCleanupMigration,
  "009-sign-in-locks": signInLocksMigration,
  "010-vehicles-updated-at-index": vehiclesUpdatedAtIndexMigration,
  "011-lead-vehicles": leadVehiclesMigration,
  "012-booking-calendar-sequence": bookingCalendarSequenceMigration,
  "013-vehicle-fuel-type": vehicleFuelTypeMigration,
  "014-massachusetts-warranty": massachusettsWarrantyMigration,
  "015-staff-roles-from-one-list": staffRolesFromOneListMigration,
  "016-deal-settings": dealSettingsMigration,
  "017-trade-ins": tradeInsMigration,
  "018-service-translations": serviceTranslationsMigration,
  "019-vehicle-feature-keys": vehicleFeatureKeysMigration,
  "020-deals": dealsMigration,
  "022-lead-inbox": leadInboxMigration,
  "023-lead-inbox-order-indexes": leadInboxOrderIndexesMigration,
  "024-lead-alarm": leadAlarmMigration,
  "025-tasks": tasksMigration,
  "026-unique-customer-contacts": uniqueCustomerContactsMigration,
  "027-lead-search": leadSearchMigration,
  "028-device-generation": deviceGenerationMigration,
  "029-lead-sources-without-pages": leadSourcesWithoutPagesMigration,
  "030-deal-prices-never-negative": dealPricesNeverNegativeMigration,
  "031-structured-warranty-terms": structuredWarrantyTermsMigration,
  "032-financing-action-taken": financingActionTakenMigration,
  "033-contact-consent-and-opt-out": contactConsentAndOptOutMigration,
  "035-staff-app-counts": staffAppCountsMigration,
  "036-lead-status-once": leadStatusOnceMigration,
  "038-vehicles-newest-first-index": vehiclesNewestFirstIndexMigration,
  "040-staff-events": staffEventsMigration,
  "041-push-subscriptions": pushSubscriptionsMigration,
  "042-push-outbox": pushOutboxMigration,
  "043-shopper-alerts": shopperAlertsMigration,
  "044-outbox-headers": outboxHeadersMigration,
  "045-alert-signals": alertSignalsMigration,
  "046-task-due-notices": taskDueNoticesMigration,
  "048-contact-submissions-created-at-index": contactSubmissionsCreatedAtIndexMigration,
  "049-customer-search": customerSearchMigration,
};
