import { data, redirect } from "react-router";
import { publicUrlFrom } from "~/app/lib/root-data";
import { findVehicle } from "~/server/data/vehicles.server";
import { appContext } from "~/server/load-context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor } from "~/shared/i18n/messages";
import { formatPrice } from "~/shared/lib/format";
import { pageMeta } from "~/shared/lib/seo";
import { isVehiclePathSlug, parseVehicleIdFromPath, vehiclePath } from "~/shared/lib/vehicle-path";
import type { Route } from "./+types/vehicle";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = params.vehiclePath;
  const id = isVehiclePathSlug(slug) ? parseVehicleIdFromPath(slug) : null;
  if (!id) throw data(null, { status: 404 });
  const vehicle = await findVehicle(context.get(appContext).db, id);
  if (!vehicle) throw data(null, { status: 404 });
  const canonical = vehiclePath(vehicle);
  const url = new URL(request.url);
  // A valid id under an old or wrong slug moves permanently to the canonical path.
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);
  return { vehicle };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: messagesFor().layout.notFound.title }];
  const { vehicle } = loaderData;
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return pageMeta({
    title: messagesFor().pages.vehicle.title(name, businessProfile.name),
    description: `${name} for ${formatPrice(vehicle.price)} in Fitchburg, MA.`,
    path: vehiclePath(vehicle),
    publicUrl: publicUrlFrom(matches),
    image: vehicle.images[0],
    type: "product",
  });
};

export default function VehiclePage({ loaderData }: Route.ComponentProps) {
  const { vehicle } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        {vehicle.year} {vehicle.make} {vehicle.model}
      </h1>
      <p className="mt-2 text-2xl font-semibold text-red-800">{formatPrice(vehicle.price)}</p>
    </section>
  );
}
