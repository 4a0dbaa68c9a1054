import { admin } from "./en/admin";
import { leads } from "./en/staff-leads";
import { lot } from "./en/staff-lot";
import { staff } from "./en/staff";
import { useLocale, type Locale } from "./messages";

/**
 * The staff dashboard's catalogue, kept apart from the public one so no public page downloads
 * the dashboard's text (docs/decisions/016-javascript-budget.md). Same locales, same shape rule.
 */
export const staffEn = { admin, lot, staff, leads };

export type StaffMessages = typeof staffEn;

const staffCatalogues: Record<Locale, StaffMessages> = { en: staffEn };

/** The staff catalogue for the current locale. */
export function useStaffMessages(): StaffMessages {
  return staffCatalogues[useLocale()];
}

/** The staff catalogue outside React (schemas, server code). */
export function staffMessagesFor(locale: Locale = "en"): StaffMessages {
  return staffCatalogues[locale];
}
