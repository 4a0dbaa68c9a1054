import { messagesFor } from "~/shared/i18n/catalogues";
import { LOCALES, type Locale } from "~/shared/i18n/locales";
import { formatClockRange, weeklyHoursRows, type WeeklyHoursText } from "~/shared/lib/business-hours";

/**
 * The opening hours as every language's footer and contact blocks show them ("Segunda a sexta",
 * "8h30 às 18h"), written on the server and handed to the pages in the root loader's data: the
 * formatting code then never ships in the layout's first-load JavaScript (decision 068). All three
 * languages, because the root loader is not re-run when the language switcher navigates.
 */
export function weeklyHoursText(): Record<Locale, WeeklyHoursText> {
  const rows = weeklyHoursRows();
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const layout = messagesFor(locale).layout;
      return [
        locale,
        rows.map((row) => {
          const first = layout.days[row.days[0]!];
          const last = layout.days[row.days.at(-1)!];
          return {
            days: row.days.length > 1 ? layout.dayRange(first, last) : first,
            hours: row.interval ? formatClockRange(row.interval.open, row.interval.close, locale) : layout.closedAllDay,
          };
        }),
      ];
    }),
  ) as Record<Locale, WeeklyHoursText>;
}
