import { describe, expect, it } from "vitest";
import { formatSlotTime } from "./available-slots";
import { appointmentLabel } from "./booking-mails.server";

describe("the appointment in a mail subject, in each language's style", () => {
  // 2026-12-02 is a Wednesday, 2026-12-03 a Thursday.
  it("abbreviates with periods in Spanish and says the hour as Brazilians do", () => {
    expect(appointmentLabel({ bookingDate: "2026-12-02", bookingTime: "14:30" }, "en")).toBe("Wed, Dec 2 2:30 PM");
    expect(appointmentLabel({ bookingDate: "2026-12-02", bookingTime: "14:30" }, "es")).toBe("mié. 2 de dic., 2:30 p. m.");
    expect(appointmentLabel({ bookingDate: "2026-12-03", bookingTime: "10:00" }, "pt")).toBe("qui., 3 de dez., às 10h");
    expect(appointmentLabel({ bookingDate: "2026-12-03", bookingTime: "14:30" }, "pt")).toBe("qui., 3 de dez., às 14h30");
  });
  it("writes booking slots like the opening hours", () => {
    expect(formatSlotTime("09:00", "es")).toBe("9:00 a. m.");
    expect(formatSlotTime("12:30", "es")).toBe("12:30 p. m.");
    expect(formatSlotTime("09:00", "pt")).toBe("09:00");
    expect(formatSlotTime("16:30", "pt")).toBe("16:30");
  });
});
