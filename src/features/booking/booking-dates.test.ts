import { describe, expect, it } from "vitest";
import { formatBookingDate, isoFromLocalDate, localDateFromIso } from "./booking-dates";

describe("booking dates", () => {
  it("formats as 'MMMM d, yyyy'", () => {
    expect(formatBookingDate("2026-11-04")).toBe("November 4, 2026");
    expect(formatBookingDate("2027-01-31")).toBe("January 31, 2027");
  });
  it("round-trips a calendar day through a local Date", () => {
    for (const iso of ["2026-03-08", "2026-11-01", "2026-12-31", "2028-02-29"]) expect(isoFromLocalDate(localDateFromIso(iso))).toBe(iso);
  });
});
