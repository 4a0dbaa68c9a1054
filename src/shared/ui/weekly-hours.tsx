import { formatClockRange, weeklyHoursRows } from "~/shared/lib/business-hours";
import { useLocale, useMessages } from "~/shared/i18n/messages";

/** The weekly business hours as a definition list (Mon – Fri, Saturday, Sunday). */
export function WeeklyHours({ className = "" }: { className?: string }) {
  const m = useMessages();
  const locale = useLocale();
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm ${className}`}>
      {weeklyHoursRows().map((row) => {
        const first = m.layout.days[row.days[0]!];
        const last = m.layout.days[row.days.at(-1)!];
        return (
          <div key={row.days.join()} className="contents">
            <dt className="font-medium">{row.days.length > 1 ? m.layout.dayRange(first, last) : first}</dt>
            <dd>{row.interval ? formatClockRange(row.interval.open, row.interval.close, locale) : m.layout.closedAllDay}</dd>
          </div>
        );
      })}
    </dl>
  );
}
