import { describe, expect, it } from "vitest";
import { rateLimits as en } from "./en/rate-limits";
import { rateLimits as es } from "./es/rate-limits";
import { rateLimits as pt } from "./pt/rate-limits";

describe.each([
  ["es", es],
  ["pt", pt],
] as const)("the %s rate-limit catalogue", (_name, catalogue) => {
  it("has exactly the English entries, each translated", () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(catalogue[key], key).not.toBe(en[key]);
  });
});
