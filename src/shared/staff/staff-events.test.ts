import { describe, expect, it } from "vitest";
import { eventConcernsScreen, STAFF_EVENT_NAMES } from "./staff-events";

describe("which events reload which staff screen (decision 113)", () => {
  it("reloads every staff screen for a lead's or a booking's change: the shell's counts are on each", () => {
    for (const name of STAFF_EVENT_NAMES.filter((n) => n !== "vehicle.status"))
      for (const path of ["/podium/leads", "/podium/today", "/podium/customers/12", "/podium/vehicles", "/podium/settings"])
        expect(eventConcernsScreen(name, path), `${name} on ${path}`).toBe(true);
  });

  it("reloads only the lot's screens for a vehicle's status", () => {
    expect(eventConcernsScreen("vehicle.status", "/podium/vehicles")).toBe(true);
    expect(eventConcernsScreen("vehicle.status", "/podium/vehicles/42")).toBe(true);
    expect(eventConcernsScreen("vehicle.status", "/podium/leads")).toBe(false);
    expect(eventConcernsScreen("vehicle.status", "/podium/vehiclesx")).toBe(false);
  });

  it("reloads everything after a reset and ignores a name it does not know", () => {
    expect(eventConcernsScreen("reset", "/podium/leads")).toBe(true);
    expect(eventConcernsScreen("ready", "/podium/leads")).toBe(false);
    expect(eventConcernsScreen("lead.deleted", "/podium/leads")).toBe(false);
  });
});
