import { describe, expect, it } from "vitest";
import { assertProductionReady, readEnv } from "./env.server";

describe("production start-up refusal (DESIGN.md difference 1)", () => {
  const prod = (pin?: string) => readEnv({ NODE_ENV: "production", ...(pin === undefined ? {} : { ADMIN_PIN: pin }) });
  it("refuses a missing or trivial ADMIN_PIN in production", () => {
    for (const pin of [undefined, "", "000000", "123456", "111111", "654321", "12"]) {
      expect(() => assertProductionReady(prod(pin)), String(pin)).toThrow(/ADMIN_PIN/);
    }
  });
  it("accepts a real PIN, and anything outside production", () => {
    expect(() => assertProductionReady(prod("583017"))).not.toThrow();
    expect(() => assertProductionReady(readEnv({ NODE_ENV: "development" }))).not.toThrow();
    expect(readEnv({ NODE_ENV: "development" }).adminPin).toBe("246810");
  });
});
