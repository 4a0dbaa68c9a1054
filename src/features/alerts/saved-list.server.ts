import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import { recordVehicleSave } from "~/server/data/vehicle-saves.server";
import type { Locale } from "~/shared/i18n/locales";
import {
  SAVED_COOKIE,
  SAVED_COOKIE_MAX_AGE_S,
  MAX_SEARCH_QUERY_LENGTH,
  readSaved,
  savedCookieValue,
  toggleSaved,
  type SavedOnDevice,
} from "~/shared/lib/saved-on-device";
import { uuidField } from "~/shared/validation/fields";
import { canonicalSearch, describeSearch } from "./search-description";

const vehicleId = uuidField();

/** The `saved` cookie's Set-Cookie for a list (readable by the page's script, which writes it too). */
export function savedSetCookie(saved: SavedOnDevice, secure: boolean): string {
  return `${SAVED_COOKIE}=${savedCookieValue(saved)}; Path=/; Max-Age=${SAVED_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** A change to the device's list posted from a form (the heart, "Save this search", Remove) before JavaScript. */
export type SavedChange =
  { intent: "save-vehicle" | "remove-vehicle"; vehicleId: string } | { intent: "save-search" | "remove-search"; search: string };

/** The form post's fields as a change, or null when they make none. */
export function savedChangeFrom(form: FormData): SavedChange | null {
  const intent = String(form.get("intent") ?? "");
  if (intent === "save-vehicle" || intent === "remove-vehicle") {
    const id = String(form.get("vehicleId") ?? "").toLowerCase();
    return vehicleId.safeParse(id).success ? { intent, vehicleId: id } : null;
  }
  if (intent === "save-search" || intent === "remove-search") {
    const search = String(form.get("search") ?? "");
    return search.length <= MAX_SEARCH_QUERY_LENGTH ? { intent, search } : null;
  }
  return null;
}

/**
 * Applies a change to the device's list (docs/behaviour.md §21): the list as it is now, or "full" past
 * its limits. A vehicle saved or removed is counted for staff under the device's random id.
 */
export async function changeSavedList(ctx: AppContext, saved: SavedOnDevice, change: SavedChange): Promise<SavedOnDevice | "full"> {
  if ("vehicleId" in change) {
    const on = change.intent === "save-vehicle";
    const next = toggleSaved(saved, "vehicles", change.vehicleId, on);
    if (next !== "full") await recordVehicleSave(ctx.db, next.device, change.vehicleId, on, serverNow(ctx));
    return next;
  }
  // A removal names the search as stored; a save is stored in canonical form.
  const search = change.intent === "save-search" ? canonicalSearch(change.search) : change.search;
  return toggleSaved(saved, "searches", search, change.intent === "save-search");
}

/** POST /api/saved: the heart with JavaScript reports a save (the cookie is already written) to be counted. */
export async function countDeviceSave(ctx: AppContext, cookieHeader: string | undefined, input: unknown): Promise<boolean> {
  const body = (input ?? {}) as { vehicleId?: unknown; saved?: unknown };
  if (typeof body.vehicleId !== "string" || !vehicleId.safeParse(body.vehicleId).success || typeof body.saved !== "boolean") return false;
  const device = readSaved(cookieHeader).device;
  // Without a cookie the device has no list yet: nothing to count.
  if (!cookieHeader?.includes(`${SAVED_COOKIE}=`)) return true;
  await recordVehicleSave(ctx.db, device, body.vehicleId.toLowerCase(), body.saved, serverNow(ctx));
  return true;
}

/** A saved search as the list shows it. */
export type SavedSearchView = { query: string; label: string; path: string };

export function savedSearchViews(saved: SavedOnDevice, locale: Locale): SavedSearchView[] {
  return saved.searches.map((query) => ({ query, label: describeSearch(query, locale), path: `/inventory${query ? `?${query}` : ""}` }));
}
