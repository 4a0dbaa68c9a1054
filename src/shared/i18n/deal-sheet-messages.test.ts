import { describe, expect, it } from "vitest";
import { dealSheet as en } from "./en/deal-sheet";
import { dealSheet as es } from "./es/deal-sheet";
import { dealSheet as pt } from "./pt/deal-sheet";

type Entry = { path: string; value: unknown };

/** Every leaf of a catalogue with its dotted path. */
function leaves(value: unknown, path = ""): Entry[] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  return [{ path, value }];
}

const render = (value: unknown) => (typeof value === "function" ? (value as (...args: unknown[]) => unknown)("3", "7", "X") : value);

/** The same word in the language: "E-mail" in Portuguese, the page counter's "1" digits aside. */
const sameEverywhere = new Set(["form.email"]);

describe.each([
  ["es", es],
  ["pt", pt],
] as const)("the %s deal sheet catalogue", (_name, catalogue) => {
  const english = leaves(en);
  const translated = new Map(leaves(catalogue).map((entry) => [entry.path, entry.value]));

  it("has exactly the English entries, with the same kinds and arities", () => {
    expect([...translated.keys()].sort()).toEqual(english.map((entry) => entry.path).sort());
    for (const { path, value } of english) {
      const other = translated.get(path);
      expect(typeof other, path).toBe(typeof value);
      if (typeof value === "function") expect((other as () => unknown).length, path).toBe(value.length);
    }
  });

  it("translates every entry", () => {
    const untranslated = english.filter(({ path, value }) => !sameEverywhere.has(path) && render(translated.get(path)) === render(value));
    expect(untranslated.map(({ path }) => path)).toEqual([]);
  });
});
