import { describe, expect, it } from "vitest";
import { packJson, unpackJson } from "./packed-json";

describe("packed JSON", () => {
  it("gives back what was packed, nulls and nesting included", () => {
    const value = [
      { id: "a", price: 12_995, photo: null, tags: ["x", "y"] },
      { id: "b", price: 0, photo: { src: "/i.webp" }, tags: [] },
    ];
    expect(unpackJson(packJson(value))).toEqual(value);
  });
  it("parses the same string once and a different one anew", () => {
    const packed = packJson({ n: 1 });
    expect(unpackJson(packed)).toBe(unpackJson(packed));
    const other = packJson({ n: 2 });
    expect(unpackJson(other)).toEqual({ n: 2 });
    expect(unpackJson(packed)).toEqual({ n: 1 });
  });
});
