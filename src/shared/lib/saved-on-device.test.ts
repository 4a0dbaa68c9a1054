import { describe, expect, it } from "vitest";
import { MAX_SAVED_SEARCHES, MAX_SAVED_VEHICLES, readSaved, savedCookieValue, toggleSaved } from "./saved-on-device";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const device = "0123456789abcdef0123456789abcdef";

describe("the saved list on this device (docs/behaviour.md §21)", () => {
  it("round-trips through the cookie, in cookie-safe characters", () => {
    const saved = { device, vehicles: [id(1), id(2)], searches: ["make=Honda&maxPrice=15000", ""] };
    const value = savedCookieValue(saved);
    expect(value).toMatch(/^[A-Za-z0-9*\-._+%=&]+$/);
    expect(readSaved(`lang=es; saved=${value}; other=1`)).toEqual(saved);
  });

  it("keeps what it can read: a new device id for a bad one, no malformed ids, no duplicates, within the limits", () => {
    const many = Array.from({ length: 30 }, (_, i) => `v=${id(i)}`).join("&");
    const searches = Array.from({ length: 15 }, (_, i) => `s=make%3DM${i}`).join("&");
    const read = readSaved(`saved=d=nope&v=not-a-uuid&v=${id(1)}&v=${id(1)}&${many}&${searches}&s=${"x".repeat(700)}`);
    expect(read.device).toMatch(/^[0-9a-f]{32}$/);
    expect(read.vehicles).toHaveLength(MAX_SAVED_VEHICLES);
    expect(new Set(read.vehicles).size).toBe(MAX_SAVED_VEHICLES);
    expect(read.searches).toHaveLength(MAX_SAVED_SEARCHES);
    expect(readSaved(undefined)).toMatchObject({ vehicles: [], searches: [] });
  });

  it("adds, removes and refuses past the limit", () => {
    const empty = { device, vehicles: [], searches: [] };
    const one = toggleSaved(empty, "vehicles", id(1), true);
    expect(one).toEqual({ device, vehicles: [id(1)], searches: [] });
    expect(toggleSaved(one as typeof empty, "vehicles", id(1), true)).toBe(one);
    expect(toggleSaved(one as typeof empty, "vehicles", id(1), false)).toEqual(empty);
    const full = { device, vehicles: Array.from({ length: MAX_SAVED_VEHICLES }, (_, i) => id(i)), searches: [] };
    expect(toggleSaved(full, "vehicles", id(99), true)).toBe("full");
    expect(toggleSaved(full, "vehicles", id(0), false)).not.toBe("full");
  });
});
