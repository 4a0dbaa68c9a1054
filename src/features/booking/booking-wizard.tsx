import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useMessages } from "~/shared/i18n/messages";
import type { Service } from "~/shared/types/service";
import { availableSlots, type TakenSlot } from "./available-slots";
import { BookingConfirmation } from "./booking-confirmation";
import { fetchTakenSlots } from "./booking-client";
import { BookingSummary } from "./booking-summary";
import type { SlotsState } from "./date-time-picker";
import { ServicePicker, ServicesLoading } from "./service-picker";

// The calendar (react-day-picker, date-fns) and the form (zod) load on
// demand: a shopper who only looks at the menu never downloads them.
const loadDateTimePicker = () => import("./date-time-picker");
const loadCustomerForm = () => import("./customer-form");
const DateTimePicker = lazy(loadDateTimePicker);
const CustomerForm = lazy(loadCustomerForm);

type TakenState = { date: string; status: "loading" | "error" } | { date: string; status: "ready"; taken: TakenSlot[] };
type Confirmed = { id: string; serviceName: string; date: string; time: string; email: string };

/**
 * The booking flow (docs/behaviour.md §4): choosing a service enables the calendar, choosing a date
 * clears any chosen time and loads that day's taken slots, choosing a time reveals the
 * form, and a successful submit shows the confirmation.
 */
export function BookingWizard({ services }: { services: Service[] }) {
  const m = useMessages().booking;
  const [serviceId, setServiceId] = useState<string>();
  const [date, setDate] = useState<string>();
  const [time, setTime] = useState<string>();
  const [now, setNow] = useState<Date>(() => new Date());
  const [taken, setTaken] = useState<TakenState | null>(null);
  const [reloadSlots, setReloadSlots] = useState(0);
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  const slotsHeadingRef = useRef<HTMLHeadingElement>(null);
  const service = services.find((s) => s.id === serviceId);

  // Taken slots are fetched only once a date is chosen (docs/behaviour.md §7), and again after a refusal.
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
  }, [date, reloadSlots]);

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
    void loadCustomerForm();
  };
  const chooseDate = (isoDate: string) => {
    setDate(isoDate);
    setTime(undefined); // docs/behaviour.md §4: choosing a date clears any chosen time
    setNow(new Date());
  };
  const slotRejected = (what: "time" | "date") => {
    setTime(undefined);
    if (what === "date") setDate(undefined);
    setNow(new Date());
    setReloadSlots((n) => n + 1);
    slotsHeadingRef.current?.focus();
  };

  if (confirmed) {
    return (
      <BookingConfirmation
        bookingId={confirmed.id}
        serviceName={confirmed.serviceName}
        date={confirmed.date}
        time={confirmed.time}
        email={confirmed.email}
      />
    );
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-10">
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
              slotsHeadingRef={slotsHeadingRef}
            />
          ) : null}
        </Suspense>
        <Suspense fallback={<ServicesLoading label={m.loading} />}>
          {service && date && time ? (
            <CustomerForm
              selection={{ serviceId: service.id, bookingDate: date, bookingTime: time }}
              onSlotRejected={slotRejected}
              onConfirmed={(booking, input) => {
                setConfirmed({
                  id: booking.id,
                  serviceName: service.name,
                  date: input.bookingDate,
                  time: input.bookingTime,
                  email: input.customerEmail,
                });
                window.scrollTo({ top: 0 });
              }}
            />
          ) : null}
        </Suspense>
      </div>
      <BookingSummary service={service} date={date} time={time} />
    </div>
  );
}
