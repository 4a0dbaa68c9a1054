import { describe, expect, it } from "vitest";
import { en } from "./en";
import { es } from "./es";
import { pt } from "./pt";

type Entry = { path: string; value: unknown };

/** Every leaf of a catalogue with its dotted path (arrays by index). */
function leaves(value: unknown, path = ""): Entry[] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  return [{ path, value }];
}

/** Sample arguments so function entries can be compared by what they say. */
function render(value: unknown): unknown {
  return typeof value === "function" ? (value as (...args: unknown[]) => unknown)("3", "7", "X", "Y") : value;
}

// Entries that are the same word in every language: names, codes, numbers, formats.
const sameEverywhere = new Set([
  "layout.social.facebook",
  "layout.social.instagram",
  "layout.notFound.heading",
  "contact.placeholders.phone",
  "financing.form.placeholders.ssn",
  "financing.pdf.ssn",
  "financing.pdf.none",
  "vehicle.vin",
  "booking.summary.total",
  "contact.toasts.failureTitle",
  "financing.pdf.no",
  "site.home.stats.0.value",
  "site.home.stats.1.value",
  "site.home.stats.2.value",
  "site.home.stats.3.value",
  // The staff's languages, each said in its own words on every version of the site.
  "layout.languages.spanish",
  "layout.languages.portuguese",
]);

describe.each([
  ["es", es],
  ["pt", pt],
] as const)("the %s catalogue", (_name, catalogue) => {
  const english = leaves(en);
  const translated = new Map(leaves(catalogue).map((entry) => [entry.path, entry.value]));

  it("has exactly the English catalogue's entries, with the same kinds and arities", () => {
    expect([...translated.keys()].sort()).toEqual(english.map((entry) => entry.path).sort());
    for (const { path, value } of english) {
      const other = translated.get(path);
      expect(typeof other, path).toBe(typeof value);
      if (typeof value === "function") expect((other as () => unknown).length, path).toBe(value.length);
    }
  });

  it("translates every entry that is not a name, code or number", () => {
    const untranslated = english
      // Option values such as SUV, CVT, Van or Manual are the local words too.
      .filter(
        ({ path, value }) => !sameEverywhere.has(path) && !path.startsWith("options.") && render(translated.get(path)) === render(value),
      )
      .map(({ path }) => path);
    expect(untranslated).toEqual([]);
  });
});
