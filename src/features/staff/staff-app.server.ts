import crypto from "node:crypto";
import { businessProfile } from "~/shared/config/business-profile";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffServiceWorker, type StaffServiceWorkerConfig } from "./staff-service-worker";

/** Where the installable staff app lives (decision 114): its scope, first screen and offline screen. */
export const STAFF_APP = {
  scope: "/podium/",
  startUrl: "/podium/leads",
  offlineUrl: "/podium/offline",
  serviceWorkerUrl: "/podium/sw.js",
  manifestUrl: "/podium/manifest.webmanifest",
  themeColour: "#b91c1c",
} as const;

/** The web app manifest (W3C Web Application Manifest): the staff pages only, opened standalone on the inbox. */
export function staffAppManifest() {
  const m = staffMessagesFor().staffApp.manifest;
  return {
    name: m.name(businessProfile.name),
    short_name: m.shortName,
    description: m.description,
    id: STAFF_APP.startUrl,
    start_url: STAFF_APP.startUrl,
    scope: STAFF_APP.scope,
    display: "standalone",
    orientation: "any",
    background_color: "#f9fafb",
    theme_color: STAFF_APP.themeColour,
    lang: "en",
    icons: [
      { src: "/staff-icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/staff-icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/staff-icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

const CACHE_PREFIX = "staff-app-";

/**
 * The service worker's script: the function in staff-service-worker.ts with its configuration. Its cache
 * is named by the script's own hash, so a changed worker installs beside the old one and drops its cache.
 */
export const staffServiceWorkerScript: string = (() => {
  const body = staffServiceWorker.toString();
  const config: StaffServiceWorkerConfig = {
    cacheName: `${CACHE_PREFIX}${crypto.createHash("sha256").update(body).digest("hex").slice(0, 12)}`,
    cachePrefix: CACHE_PREFIX,
    offlineUrl: STAFF_APP.offlineUrl,
    startUrl: STAFF_APP.startUrl,
    appName: staffMessagesFor().staffApp.manifest.name(businessProfile.name),
    icon: "/staff-icon-192.png",
  };
  return `"use strict";\n(${body})(${JSON.stringify(config)});\n`;
})();
