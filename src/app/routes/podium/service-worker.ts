import { staffServiceWorkerScript } from "~/features/staff/staff-app.server";

/**
 * /podium/sw.js: the staff app's service worker (decision 114). Served from /podium/, its scope is
 * /podium/ by default: no Service-Worker-Allowed header is needed, and none widens it.
 */
export function loader() {
  return new Response(staffServiceWorkerScript, { headers: { "Content-Type": "text/javascript; charset=utf-8" } });
}
