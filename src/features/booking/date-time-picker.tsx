import { useMemo } from "react";
import { DayPicker } from "react-day-picker";
import { enUS, es, ptBR } from "react-day-picker/locale";
import "react-day-picker/style.css";
import "./booking-calendar.css";
import { LANGUAGE_TAGS, type Locale } from "~/shared/i18n/locales";
import { useLocale, useMessages } from "~/shared/i18n/messages";
import type { Service } from "~/shared/types/service";
import { dealerToday } from "~/shared/lib/dealer-clock";
import { formatSlotTime, isDateBookable, nextBookableDate } from "./available-slots";
import { isoFromLocalDate, localDateFromIso } from "./booking-dates";

/** date-fns locales: the calendar's month and weekday names in the page's language. */
const calendarLocales = { en: enUS, es, pt: ptBR } as const;

const dayNameFormat = (locale: Locale) =>
  new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { weekday: "long", month: "long", day: "numeric", year: "numeric" });

export type SlotsState = { status: "idle" } | { status: "loading" } | { status: "error" } | { status: "ready"; slots: string[] };

/**
 * Step 2: a single-date calendar (dates disabled unless the service runs that day and it is
 * not past at the dealership) and the free time slots of the chosen date beside it.
 */
export default function DateTimePicker({
  service,
  now,
  date,
  time,
  slots,
  onDateChange,
  onTimeChange,
  slotsHeadingRef,
}: {
  service: Service;
  now: Date;
  date: string | undefined;
  time: string | undefined;
  slots: SlotsState;
  onDateChange: (isoDate: string) => void;
  onTimeChange: (time: string) => void;
  slotsHeadingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const m = useMessages().booking;
  const locale = useLocale();
  const dayName = useMemo(() => dayNameFormat(locale), [locale]);
  const today = dealerToday(now);
  const firstBookable = useMemo(() => nextBookableDate(service, today, now), [service, today, now]);
  const todayLocal = localDateFromIso(today);
  const endMonth = new Date(todayLocal.getFullYear() + 1, todayLocal.getMonth(), 1);

  return (
    <section aria-labelledby="booking-step-date">
      <h2 id="booking-step-date" className="text-xl font-bold text-gray-900">
        {m.steps.dateTime}
      </h2>
      <div className="mt-4 flex flex-col gap-6 lg:flex-row">
        <div className="booking-calendar self-start rounded-lg border border-gray-200 bg-white p-3">
          <DayPicker
            mode="single"
            locale={calendarLocales[locale]}
            // date-fns' "es" is Spain's (weeks from Monday); US Spanish, like en-US and pt-BR, starts on Sunday.
            weekStartsOn={0}
            aria-label={m.calendarLabel}
            selected={date ? localDateFromIso(date) : undefined}
            onSelect={(day) => day && onDateChange(isoFromLocalDate(day))}
            disabled={(day: Date) => !isDateBookable(service, isoFromLocalDate(day), now)}
            today={todayLocal}
            defaultMonth={date ? localDateFromIso(date) : firstBookable ? localDateFromIso(firstBookable) : todayLocal}
            startMonth={todayLocal}
            endMonth={endMonth}
            labels={{
              // The visible day number must be a word of the button's name (WCAG 2.5.3):
              // "Tuesday, November 24, 2026" rather than the default "…November 24th…".
              labelDayButton: (day, modifiers) =>
                [dayName.format(day), modifiers.today ? m.dayToday : "", modifiers.selected ? m.daySelected : ""]
                  .filter(Boolean)
                  .join(", "),
            }}
          />
        </div>
        <div className="flex-1">
          <h3 ref={slotsHeadingRef} tabIndex={-1} id="booking-slots-heading" className="font-semibold text-gray-900 outline-none">
            {m.timeSlotsLabel}
          </h3>
          <TimeSlots date={date} time={time} slots={slots} onTimeChange={onTimeChange} />
        </div>
      </div>
    </section>
  );
}

function TimeSlots({
  date,
  time,
  slots,
  onTimeChange,
}: {
  date: string | undefined;
  time: string | undefined;
  slots: SlotsState;
  onTimeChange: (time: string) => void;
}) {
  const m = useMessages().booking;
  const locale = useLocale();
  const note = "mt-3 rounded-md border border-gray-200 bg-gray-50 p-4 text-sm text-gray-700";
  if (!date) return <p className={note}>{m.selectDateFirst}</p>;
  if (slots.status === "loading" || slots.status === "idle")
    return (
      <p role="status" className={note}>
        {m.loadingSlots}
      </p>
    );
  if (slots.status === "error")
    return (
      <p role="alert" className={`${note} text-red-800`}>
        {m.slotsLoadFailed}
      </p>
    );
  if (slots.slots.length === 0)
    return (
      <p role="status" className={note}>
        {m.noSlots}
      </p>
    );
  return (
    <div role="radiogroup" aria-labelledby="booking-slots-heading" className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
      {slots.slots.map((slot) => (
        <label
          key={slot}
          className="cursor-pointer rounded-md border-2 border-gray-200 px-2 py-2 text-center text-sm font-medium text-gray-900 hover:border-red-300 has-checked:border-red-700 has-checked:bg-red-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-red-700"
        >
          <input
            type="radio"
            name="bookingTime"
            value={slot}
            checked={time === slot}
            onChange={() => onTimeChange(slot)}
            className="sr-only"
          />
          {formatSlotTime(slot, locale)}
        </label>
      ))}
    </div>
  );
}
