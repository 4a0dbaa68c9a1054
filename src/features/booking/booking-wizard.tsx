import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { Locale } from "~/shared/i18n/locales";
import { useMessages } from "~/shared/i18n/messages";
import type { Service } from "~/shared/types/service";
import { availableSlots, type TakenSlot } from "./available-slots";
import { fetchTakenSlots, type BookingPostResult } from "./booking-client";
import { BookingSummary } from "./booking-summary";
import { CustomerForm } from "./customer-form";
import type { SlotsState } from "./date-time-picker";
import { ServicePicker, ServicesLoading } from "./service-picker";

// The calendar (react-day-picker, date-fns) loads on demand: a shopper who only looks at the menu never
// downloads it.
const loadDateTimePicker = () => import("./date-time-picker");
const DateTimePicker = lazy(loadDateTimePicker);

type TakenState = { date: string; status: "loading" | "error" } | { date: string; status: "ready"; taken: TakenSlot[] };
/**
 * The route action's answer to the last post, when it is not the confirmation (`failed`: its rate limit refused
 * it): the page opens the flow where it was.
 */
export type BookingPosted = Exclude<BookingPostResult, { kind: "booked" }>;

/**
 * The props the page gives the wizard, as JSON: it is an island (decision 158). `locale` is the page's language,
 * whose catalogue the islands' script loads before it hydrates the wizard (src/app/islands.client.tsx).
 */
export type BookingWizardProps = { locale: Locale; services: Service[]; posted: BookingPosted | null };

/**
 * Where a post's answer puts the flow back: the service and day chosen (unless the server refused them), the time
 * too unless it was taken meanwhile or refused.
 */
function resumed(services: Service[], posted: BookingPosted | null) {
  const values = posted && "values" in posted ? posted.values : {};
  const errors = posted?.kind === "invalid" ? posted.fieldErrors : {};
  const service = services.find((s) => s.id === values.serviceId);
  const date = service && values.bookingDate && !errors.serviceId && !errors.bookingDate ? values.bookingDate : undefined;
  const time = date && values.bookingTime && !errors.bookingTime && posted?.kind !== "slot-taken" ? values.bookingTime : undefined;
  return { serviceId: service?.id, date, time, values, errors };
}

/**
 * The booking flow (docs/behaviour.md §4): choosing a service enables the calendar, choosing a date
 * clears any chosen time and loads that day's taken slots, and choosing a time reveals the form, which posts
 * to the page as a document (decision 158). The page answers with the confirmation, or with this flow where the
 * shopper left it and the server's message.
 */
export function BookingWizard({ services, posted }: BookingWizardProps) {
  const m = useMessages().booking;
  const [start] = useState(() => resumed(services, posted));
  const [serviceId, setServiceId] = useState<string | undefined>(start.serviceId);
  const [date, setDate] = useState<string | undefined>(start.date);
  const [time, setTime] = useState<string | undefined>(start.time);
  const [now, setNow] = useState<Date>(() => new Date());
  const [taken, setTaken] = useState<TakenState | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const service = services.find((s) => s.id === serviceId);

  // Taken slots are fetched only once a date is chosen (docs/behaviour.md §7).
  useEffect(() => {
    if (!date) return;
    const controller = new AbortController();
    setTaken({ date, status: "loading" });
    fetchTakenSlots(date, controller.signal)
      .then((list) => setTaken({ date, status: "ready", taken: list }))
      .catch(() => {
        if (!controller.signal.aborted) setTaken({ date, status: "error" });
      });
    return () => controller.abort();
  }, [date]);

  // A service tapped before the page hydrated (its card is a native radio, left uncontrolled): the flow goes on
  // from there, so no tap is lost (decision 158).
  useEffect(() => {
    const tapped = root.current?.querySelector<HTMLInputElement>('input[name="serviceId"]:checked');
    const early = services.find((s) => s.id === tapped?.value);
    if (early && early.id !== start.serviceId) chooseService(early);
    // Once, at hydration: later choices come through the radios' change events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const slots: SlotsState =
    !date || !service || !taken || taken.date !== date
      ? { status: date ? "loading" : "idle" }
      : taken.status === "ready"
        ? { status: "ready", slots: availableSlots(service, date, taken.taken, now) }
        : { status: taken.status };

  const chooseService = (next: Service) => {
    setServiceId(next.id);
    setDate(undefined);
    setTime(undefined);
    setNow(new Date());
    void loadDateTimePicker();
  };
  const chooseDate = (isoDate: string) => {
    setDate(isoDate);
    setTime(undefined); // docs/behaviour.md §4: choosing a date clears any chosen time
    setNow(new Date());
  };

  const message = postedMessage(posted, m);
  return (
    <div ref={root} className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-10">
        {message ? (
          // With no field of the form to take it (the time was taken, the day refused), the focus is on the message.
          <p
            role="alert"
            tabIndex={-1}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer (decision 158)
            autoFocus={!start.time}
            className="rounded-md border border-red-700 bg-red-50 p-4 text-sm font-medium text-red-900 outline-none"
          >
            <strong>{m.toast.failureTitle}</strong> {message}
          </p>
        ) : null}
        <ServicePicker services={services} selectedId={serviceId} onSelect={chooseService} />
        <Suspense fallback={<ServicesLoading label={m.loading} />}>
          {service ? (
            <DateTimePicker
              key={service.id}
              service={service}
              now={now}
              date={date}
              time={time}
              slots={slots}
              onDateChange={chooseDate}
              onTimeChange={setTime}
            />
          ) : null}
        </Suspense>
        {service && date && time ? (
          <CustomerForm
            selection={{ serviceId: service.id, bookingDate: date, bookingTime: time }}
            values={start.values}
            errors={start.errors}
          />
        ) : null}
      </div>
      <BookingSummary service={service} date={date} time={time} />
    </div>
  );
}

/** What the page says above the flow when it answers a post: why the booking was not made. */
function postedMessage(posted: BookingPosted | null, m: ReturnType<typeof useMessages>["booking"]): string | null {
  if (!posted) return null;
  if (posted.kind === "slot-taken") return m.toast.slotTaken;
  if (posted.kind === "too-large") return m.noJs.tooLarge;
  if (posted.kind === "failed") return posted.error || m.toast.failureText;
  // A day or time the server refused (past meanwhile, not offered) says so; the customer's fields say their own.
  const { serviceId, bookingDate, bookingTime } = posted.fieldErrors;
  return serviceId ?? bookingDate ?? bookingTime ?? m.validation.fixFields;
}
