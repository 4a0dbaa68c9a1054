import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

function capture() {
  const lines: string[] = [];
  const logger = createLogger("info", { write: (chunk: string) => void lines.push(...chunk.split("\n").filter(Boolean)) });
  return { logger, lines };
}

describe("logger", () => {
  it("writes an error as one JSON line, its stack inside, without the error's other properties", () => {
    const { logger, lines } = capture();
    const err = Object.assign(new TypeError("Invalid URL"), { code: "ERR_INVALID_URL", body: { ssn: "778-41-9023" }, input: "/\t/" });
    logger.error({ err, path: "/x" }, "route error");
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { err: Record<string, unknown>; msg: string };
    expect(line.msg).toBe("route error");
    expect(line.err).toMatchObject({ type: "TypeError", message: "Invalid URL", code: "ERR_INVALID_URL" });
    expect(String(line.err.stack)).toContain("logger.test.ts");
    expect(lines[0]).not.toContain("778-41-9023");
    expect(line.err).not.toHaveProperty("body");
  });

  it("logs a thrown non-error as a message", () => {
    const { logger, lines } = capture();
    logger.error({ err: "boom" }, "unhandled rejection");
    expect(JSON.parse(lines[0]!).err).toEqual({ type: "string", message: "boom" });
  });
});
