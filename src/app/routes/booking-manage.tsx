import { CalendarCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHero } from "~/app/lib/page-shell";
import { formatSlotTime } from "~/features/booking/available-slots";
import { formatBookingDate } from "~/features/booking/booking-dates";
import { cancelManagedBooking, findManagedBooking, type ManagedBooking } from "~/features/booking/booking-manage.server";
import { appContext } from "~/server/load-context.server";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { businessProfile } from "~/shared/config/business-profile";
import type { MailMessages } from "~/shared/i18n/en/mail";
import { localeFromPath, type Locale } from "~/shared/i18n/locales";
import { useLocale, useLocalizedPath } from "~/shared/i18n/messages";
import type { Route } from "./+types/booking-manage";
import type { PageHydrationHandle } from "~/app/lib/page-hydration";

// Nothing here changes after load; its links and form work without React (decision 149).
export const handle: PageHydrationHandle = { hydrate: false };

/**
 * The page behind a booking's manage link: the appointment and a Cancel button,
 * a plain form posting to this route's action, so it works before (or without) JavaScript.
 * Its text comes from the mail catalogue through the loader, like the mail that links here, in
 * the language of the URL (the mail links /es/booking/manage/… for a booking made in Spanish).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const booking = await findManagedBooking(ctx, params.token, locale);
  const page = { copy: textFor(locale), phone: businessProfile.phone, booking };
  return booking ? page : data(page, { status: 404 });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const copy = mailMessagesFor(locale).manage;
  const result = await cancelManagedBooking(ctx, params.token, locale);
  if (result.kind === "not-found") return data({ notice: copy.notFound, ok: false }, { status: 404 });
  if (result.kind === "already-cancelled") return data({ notice: copy.alreadyCancelled, ok: false }, { status: 409 });
  if (result.kind === "past") return data({ notice: copy.past, ok: false }, { status: 409 });
  return { notice: copy.cancelledNow, ok: true };
}

/** Only strings cross to the browser (functions are applied here). */
function textFor(locale: Locale) {
  const copy: MailMessages["manage"] = mailMessagesFor(locale).manage;
  return {
    title: copy.title,
    metaTitle: copy.metaTitle(businessProfile.name),
    status: copy.status,
    statuses: copy.statuses,
    cancel: copy.cancel,
    cancelHint: copy.cancelHint,
    cancelled: copy.alreadyCancelled,
    past: copy.past,
    notFound: copy.notFound,
    bookAgain: copy.bookAgain,
    questions: copy.questions(businessProfile.phone),
    heading: copy.heading,
    fields: mailMessagesFor(locale).shopper.fields,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.copy.metaTitle ?? businessProfile.name },
  // The URL carries the manage token: keep it out of search engines and other sites' logs.
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

function Details({ booking, copy }: { booking: ManagedBooking; copy: ReturnType<typeof textFor> }) {
  const locale = useLocale();
  const rows: [string, string, string?][] = [
    [copy.fields.service, booking.serviceName, booking.serviceNameLang],
    [copy.fields.date, formatBookingDate(booking.bookingDate, locale)],
    [copy.fields.time, formatSlotTime(booking.bookingTime, locale)],
    [copy.status, copy.statuses[booking.status]],
    [copy.fields.address, `${businessProfile.address.street}, ${businessProfile.address.city}, ${businessProfile.address.region}`],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      {rows.map(([label, value, lang]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-gray-700">{label}</dt>
          <dd className="text-gray-900" lang={lang}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function BookingManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { copy, booking } = loaderData;
  const navigation = useNavigation();
  const path = useLocalizedPath();
  const busy = navigation.state !== "idle";
  return (
    <>
      <PageHero title={copy.title} />
      <div className="mx-auto max-w-2xl px-4 py-10">
        {actionData ? (
          <p role="status" className={`mb-6 rounded-md p-4 ${actionData.ok ? "bg-green-50 text-green-900" : "bg-amber-50 text-amber-900"}`}>
            {actionData.notice}
          </p>
        ) : null}
        {booking ? (
          <section className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
            <h2 className="mb-4 flex items-center gap-2 text-xl font-bold text-gray-900">
              <CalendarCheck aria-hidden="true" className="h-5 w-5 text-red-700" />
              {copy.heading}
            </h2>
            <Details booking={booking} copy={copy} />
            {booking.canCancel ? (
              <Form method="post" className="mt-6">
                <p className="mb-3 text-sm text-gray-700">{copy.cancelHint}</p>
                <button type="submit" disabled={busy} className="button-primary button-md">
                  {copy.cancel}
                </button>
              </Form>
            ) : !actionData ? (
              <p className="mt-6 text-gray-700">{booking.status === "cancelled" ? copy.cancelled : copy.past}</p>
            ) : null}
          </section>
        ) : (
          <p className="rounded-md bg-amber-50 p-4 text-amber-900">{copy.notFound}</p>
        )}
        <p className="mt-6 text-gray-700">{copy.questions}</p>
        <p className="mt-4">
          <Link to={path("/booking")} className="font-semibold text-red-700 underline hover:text-red-800">
            {copy.bookAgain}
          </Link>
        </p>
      </div>
    </>
  );
}
