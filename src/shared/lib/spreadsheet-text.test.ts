import { describe, expect, it } from "vitest";
import { spreadsheetSafe } from "./spreadsheet-text";

describe("spreadsheetSafe", () => {
  it("puts a ' before text a spreadsheet would run, and leaves other text alone", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(spreadsheetSafe(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(spreadsheetSafe('=HYPERLINK("http://evil.example")')).toBe(`'=HYPERLINK("http://evil.example")`);
    for (const text of ["Clean car", "", " =1", "'=1", "2019 Honda Civic"]) expect(spreadsheetSafe(text)).toBe(text);
  });
});
