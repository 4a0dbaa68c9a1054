import { staffAppManifest } from "~/features/staff/staff-app.server";

/** /podium/manifest.webmanifest: the installable staff app's manifest (decision 114), linked from staff pages only. */
export function loader() {
  return new Response(JSON.stringify(staffAppManifest()), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
