import { data } from "react-router";
import { BookingsScreen } from "~/features/booking/bookings-screen";
import { bookingsScreen, bookingsScreenAction } from "~/features/booking/bookings-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/bookings";

export const meta = () => screenMeta("bookings");

/** Two weeks of bookings from the address's day (today by default), or from the day of the booking a mail's link names. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const screen = await bookingsScreen(context.get(appContext), new URL(request.url));
  return data(screen, { status: screen.filterErrors ? 400 : 200 });
}

/** Confirm, cancel or re-open a booking. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return bookingsScreenAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function BookingsPage({ loaderData }: Route.ComponentProps) {
  return <BookingsScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
