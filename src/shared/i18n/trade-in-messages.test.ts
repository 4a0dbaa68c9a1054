import { describe, expect, it } from "vitest";
import { tradeIn as enPage } from "./en/trade-in";
import { tradeInMail as enMail } from "./en/trade-in-mail";
import { tradeIn as esPage } from "./es/trade-in";
import { tradeInMail as esMail } from "./es/trade-in-mail";
import { tradeIn as ptPage } from "./pt/trade-in";
import { tradeInMail as ptMail } from "./pt/trade-in-mail";

// The page's text and the shopper's mails, checked as one catalogue.
const en = { ...enPage, mail: enMail };
const es = { ...esPage, mail: esMail };
const pt = { ...ptPage, mail: ptMail };

type Entry = { path: string; value: unknown };

/** Every leaf of a catalogue with its dotted path. */
function leaves(value: unknown, path = ""): Entry[] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  return [{ path, value }];
}

const render = (value: unknown) => (typeof value === "function" ? (value as (...args: unknown[]) => unknown)("3", "7", "X") : value);

/** The same word in the language: Spanish "No". */
const sameEverywhere = new Set(["no"]);

describe.each([
  ["es", es],
  ["pt", pt],
] as const)("the %s trade-in catalogue", (_name, catalogue) => {
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
