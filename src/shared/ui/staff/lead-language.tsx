import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { StaffIcon } from "./staff-icons";

/**
 * The language a lead was sent in (the public page's language, stored with the lead), so staff
 * know to answer in Spanish or Portuguese. Named in English like the rest of the dashboard.
 */
export function LeadLanguage({ locale, className = "" }: { locale: string; className?: string }) {
  const m = useStaffMessages().staff.common;
  const name = m.languages[locale] ?? locale;
  return (
    <p className={`inline-flex items-center gap-1 text-sm text-gray-800 ${className}`} data-testid="lead-language">
      <StaffIcon name="languages" className="h-4 w-4" />
      <span className="font-medium">{m.language}:</span> <span lang={locale}>{name}</span>
    </p>
  );
}
