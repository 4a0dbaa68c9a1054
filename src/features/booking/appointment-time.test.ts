import { describe, expect, it } from "vitest";
import { appointmentStart, reminderDueAt } from "./appointment-time";

describe("appointment time", () => {
  it("reads the dealership's wall clock in Eastern time, standard and daylight", () => {
    expect(appointmentStart("2026-12-01", "09:00", "America/New_York").toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(appointmentStart("2026-07-01", "09:00", "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    // The morning after the spring-forward night (2026-03-08) is already daylight time.
    expect(appointmentStart("2026-03-09", "08:30", "America/New_York").toISOString()).toBe("2026-03-09T12:30:00.000Z");
    expect(appointmentStart("2026-11-02", "08:30", "America/New_York").toISOString()).toBe("2026-11-02T13:30:00.000Z");
  });

  it("schedules the reminder 24 h ahead, none for a booking made less than 24 h ahead", () => {
    const start = new Date("2026-12-01T14:00:00Z");
    expect(reminderDueAt(start, new Date("2026-11-25T10:00:00Z"))?.toISOString()).toBe("2026-11-30T14:00:00.000Z");
    expect(reminderDueAt(start, new Date("2026-11-30T14:00:00Z"))?.toISOString()).toBe("2026-11-30T14:00:00.000Z");
    expect(reminderDueAt(start, new Date("2026-11-30T14:00:01Z"))).toBeNull();
  });
});
