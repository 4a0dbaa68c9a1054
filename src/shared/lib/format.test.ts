import { describe, expect, it } from "vitest";
import { LANGUAGE_TAGS, LOCALES } from "~/shared/i18n/locales";
import { formatLongDate, formatNumber, formatPrice } from "./format";

// Prices and mileages are written by hand (no Intl in the browser at hydration); they must read
// exactly as each language's Intl.NumberFormat writes them.
const samples = [
  0,
  1,
  9,
  10,
  99,
  100,
  999,
  1_000,
  1_001,
  9_999,
  12_995,
  84_210,
  100_000,
  999_999,
  1_000_000,
  1_234_567,
  Number.MAX_SAFE_INTEGER,
  -1,
  -5,
  -999,
  -1_000,
  -12_995,
  -1_234_567,
];

describe("formatPrice and formatNumber agree with Intl", () => {
  for (const locale of LOCALES) {
    const tag = LANGUAGE_TAGS[locale];
    const usd = new Intl.NumberFormat(tag, { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const plain = new Intl.NumberFormat(tag);
    it(`writes whole numbers as ${tag} does`, () => {
      for (const n of samples) {
        expect(formatPrice(n, locale), `price ${n}`).toBe(usd.format(n));
        expect(formatNumber(n, locale), `number ${n}`).toBe(plain.format(n));
      }
    });
    it(`rounds prices to whole dollars and leaves fractions to Intl in ${tag}`, () => {
      expect(formatPrice(12_994.5, locale)).toBe(usd.format(12_995));
      expect(formatPrice(12_995.49, locale)).toBe(usd.format(12_995));
      expect(formatNumber(1_234.5, locale)).toBe(plain.format(1_234.5));
      expect(formatNumber(0.25, locale)).toBe(plain.format(0.25));
    });
  }
  it("uses the language's separators", () => {
    expect(formatPrice(12_995, "en")).toBe("$12,995");
    expect(formatPrice(12_995, "pt")).toBe("US$\u00a012.995");
    expect(formatNumber(84_210, "pt")).toBe("84.210");
  });
});

describe("formatLongDate", () => {
  it("writes the first of a month as an ordinal in Portuguese only (language review Q8)", () => {
    expect(formatLongDate("2026-12-01", "pt")).toBe("1º de dezembro de 2026");
    expect(formatLongDate("2026-12-11", "pt")).toBe("11 de dezembro de 2026");
    expect(formatLongDate("2026-12-01", "es")).toBe("1 de diciembre de 2026");
    expect(formatLongDate("2026-12-01", "en")).toBe("December 1, 2026");
  });
});
