import { describe, expect, it } from "vitest";
import { afterHoursMail as en } from "./en/after-hours-mail";
import { afterHoursMail as es } from "./es/after-hours-mail";
import { afterHoursMail as pt } from "./pt/after-hours-mail";

const render = (value: unknown) => (typeof value === "function" ? (value as (...args: unknown[]) => unknown)("3", "7") : value);

describe.each([
  ["es", es],
  ["pt", pt],
] as const)("the %s after-hours reply", (_name, catalogue) => {
  it("has exactly the English entries, with the same arities, each translated", () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(en)) {
      const other = catalogue[key as keyof typeof en];
      expect(typeof other, key).toBe(typeof value);
      expect((other as () => unknown).length, key).toBe(value.length);
      expect(render(other), key).not.toBe(render(value));
    }
  });
});
