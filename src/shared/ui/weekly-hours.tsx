import { useRouteLoaderData } from "react-router";
import type { Locale } from "~/shared/i18n/locales";
import { useLocale } from "~/shared/i18n/messages";
import type { WeeklyHoursText } from "~/shared/lib/business-hours";

/**
 * The weekly business hours as a definition list (Mon – Fri, Saturday, Sunday), in the page's
 * language. The text is written on the server (app/lib/weekly-hours.server.ts, in the root
 * loader's data), so the formatting stays out of the first-load JavaScript.
 */
export function WeeklyHours({ className = "" }: { className?: string }) {
  const locale = useLocale();
  const hours = (useRouteLoaderData("root") as { hours?: Record<Locale, WeeklyHoursText> } | undefined)?.hours?.[locale] ?? [];
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm ${className}`}>
      {hours.map((row) => (
        <div key={row.days} className="contents">
          <dt className="font-medium">{row.days}</dt>
          <dd>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
