/**
 * What a shopper saved on this device, without an account (docs/behaviour.md §21, decision 115): the
 * vehicles behind a heart and the inventory searches behind "Save this search", in one first-party
 * cookie that the page's script and the server both read and write. Small on purpose: the heart on
 * every vehicle card imports it, so it ships with the public pages' first load.
 *
 * The value is a query string (`d=<device>&v=<vehicle id>&s=<search>`), cookie-safe as
 * URLSearchParams writes it: letters, digits, `*-._+` and %-escapes only.
 */
export const SAVED_COOKIE = "saved";
/** At most this many vehicles and searches on a device, as per alert address (docs/behaviour.md §21). */
export const MAX_SAVED_VEHICLES = 20;
export const MAX_SAVED_SEARCHES = 10;
/** A year; browsers cap cookie lifetimes at 400 days. */
export const SAVED_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** A saved search is an inventory query string (its filters), at most this long. */
export const MAX_SEARCH_QUERY_LENGTH = 600;

export type SavedOnDevice = {
  /** A random id of this device's list: counts how many shoppers saved a vehicle, never who. */
  device: string;
  vehicles: string[];
  searches: string[];
};

const DEVICE = /^[0-9a-f]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function newDeviceId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The saved list in a Cookie header (or `document.cookie`); an empty list with a new device id when there is none or it is unreadable. */
export function readSaved(cookieHeader: string | null | undefined): SavedOnDevice {
  const pair = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SAVED_COOKIE}=`));
  const params = new URLSearchParams(pair ? pair.slice(SAVED_COOKIE.length + 1) : "");
  const device = params.get("d") ?? "";
  return {
    device: DEVICE.test(device) ? device : newDeviceId(),
    vehicles: [...new Set(params.getAll("v").filter((id) => UUID.test(id)))].slice(0, MAX_SAVED_VEHICLES),
    searches: [...new Set(params.getAll("s").filter((s) => s.length <= MAX_SEARCH_QUERY_LENGTH))].slice(0, MAX_SAVED_SEARCHES),
  };
}

/** The cookie's value for a list. */
export function savedCookieValue(saved: SavedOnDevice): string {
  const params = new URLSearchParams({ d: saved.device });
  for (const id of saved.vehicles) params.append("v", id);
  for (const search of saved.searches) params.append("s", search);
  return params.toString();
}

/**
 * The list with `item` added (`on`) or removed; "full" when adding past the limit. A saved item
 * already there stays where it is.
 */
export function toggleSaved(saved: SavedOnDevice, kind: "vehicles" | "searches", item: string, on: boolean): SavedOnDevice | "full" {
  const list = saved[kind].filter((x) => x !== item);
  if (!on) return { ...saved, [kind]: list };
  if (saved[kind].includes(item)) return saved;
  if (list.length >= (kind === "vehicles" ? MAX_SAVED_VEHICLES : MAX_SAVED_SEARCHES)) return "full";
  return { ...saved, [kind]: [...list, item] };
}

/**
 * In the browser: saves or forgets a vehicle or search on this device at once (the cookie), then tells
 * the server, which counts how many devices saved each vehicle for staff (POST /api/saved; a failure
 * is only a missed count). False when the list is full.
 */
export function saveOnThisDevice(kind: "vehicles" | "searches", item: string, on: boolean): boolean {
  const next = toggleSaved(readSaved(document.cookie), kind, item, on);
  if (next === "full") return false;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${SAVED_COOKIE}=${savedCookieValue(next)}; Path=/; Max-Age=${SAVED_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
  if (kind === "vehicles")
    void fetch("/api/saved", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ vehicleId: item, saved: on }),
    }).catch(() => undefined);
  return true;
}
