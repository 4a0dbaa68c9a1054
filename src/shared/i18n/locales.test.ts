import { describe, expect, it } from "vitest";
import { asLocale, isTranslatedPath, localeFromBody, localeFromPath, localizedPath, pathWithoutLocale, preferredLocale } from "./locales";

describe("languages in paths (decision 044)", () => {
  it("reads, adds and removes the language prefix, keeping the query", () => {
    expect(localeFromPath("/es/inventory")).toBe("es");
    expect(localeFromPath("/pt")).toBe("pt");
    expect(localeFromPath("/inventory")).toBe("en");
    expect(localeFromPath("/espresso")).toBe("en");
    expect(pathWithoutLocale("/pt/booking/manage/abc")).toBe("/booking/manage/abc");
    expect(pathWithoutLocale("/es")).toBe("/");
    expect(localizedPath("/inventory?make=Honda", "es")).toBe("/es/inventory?make=Honda");
    expect(localizedPath("/inventory", "en")).toBe("/inventory");
    // A home page has one spelling, without a trailing slash (decision 087).
    expect(localizedPath("/", "es")).toBe("/es");
    expect(localizedPath("/?utm_source=x", "pt")).toBe("/pt?utm_source=x");
    expect(localizedPath("/", "en")).toBe("/");
  });

  it("has no Spanish or Portuguese twin for the staff dashboard", () => {
    expect(isTranslatedPath("/podium")).toBe(false);
    expect(isTranslatedPath("/podium/setup")).toBe(false);
    expect(isTranslatedPath("/es/contact")).toBe(true);
  });
});

describe("choosing the language of a request", () => {
  it("takes a known `locale` from a JSON body, English otherwise", () => {
    expect(localeFromBody({ locale: "pt" })).toBe("pt");
    expect(localeFromBody({ locale: "fr" })).toBe("en");
    expect(localeFromBody({ locale: ["es"] })).toBe("en");
    expect(localeFromBody(null)).toBe("en");
    expect(asLocale("es")).toBe("es");
    expect(asLocale(undefined)).toBe("en");
  });

  it("finds the first of our languages in the browser's ordered preferences", () => {
    expect(preferredLocale(["pt-BR", "pt", "en"])).toBe("pt");
    expect(preferredLocale(["fr-FR", "es-MX", "en-US"])).toBe("es");
    expect(preferredLocale(["fr-FR", "de", "est", "ptl"])).toBeNull();
    expect(preferredLocale([])).toBeNull();
  });
});
