import { describe, expect, it } from "vitest";
import { staffPdfFileName } from "./financing-pdf-name";
import { maskSsn } from "./financing-staff.server";

describe("staff financing helpers", () => {
  it("masks SSNs and names PDFs safely", () => {
    expect(maskSsn("123-45-6789")).toBe("***-**-6789");
    expect(staffPdfFileName("Ana", "Silva")).toBe("financing-application-Ana-Silva.pdf");
    expect(staffPdfFileName('A"na', "de la Cruz")).toBe("financing-application-A-na-de-la-Cruz.pdf");
  });
});
