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

  it("redacts a booking's manage token in every path, however the router would read it, and in error messages", () => {
    const { logger, lines } = capture();
    const token = "l5ZPth6tVsujynCJ_iMMCNcmC6J112MqWvthJAOPB9I";
    const cases: [string, string][] = [
      [`/booking/manage/${token}`, "/booking/manage/[redacted]"],
      [`/pt/booking/manage/${token}.data`, "/pt/booking/manage/[redacted].data"],
      [`/ES/Booking/%6Danage/${token}/`, "/ES/Booking/manage/[redacted]/"],
      [`/api/bookings/manage/${token}/cancel`, "/api/bookings/manage/[redacted]/cancel"],
      [`/es/deal/${token}`, "/es/deal/[redacted]"],
      [`/deal/${token}/sheet.pdf`, "/deal/[redacted]/sheet.pdf"],
      ["/deal?vehicle=1", "/deal?vehicle=1"],
      ["/api/admin/deals/1/revisions", "/api/admin/deals/1/revisions"],
      ["/booking", "/booking"],
      [`/es/opt-out/${token}`, "/es/opt-out/[redacted]"],
      [`/alerts/confirm/${token}`, "/alerts/confirm/[redacted]"],
      [`/pt/alerts/${token}.data`, "/pt/alerts/[redacted].data"],
      [`/es/alerts/${token}/unsubscribe`, "/es/alerts/[redacted]/unsubscribe"],
      ["/alerts", "/alerts"],
      ["/api/alerts", "/api/alerts"],
      ["/%E0%A4%A", "/%E0%A4%A"],
    ];
    for (const [path] of cases) logger.info({ path }, "request");
    logger.error({ err: new Error(`You made a POST request to "/booking/manage/${token}.data" but…`) }, "route error");
    expect(lines.slice(0, cases.length).map((line) => (JSON.parse(line) as { path: string }).path)).toEqual(
      cases.map(([, logged]) => logged),
    );
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
    expect(lines.at(-1)).toContain('\\"/booking/manage/[redacted].data\\"');
  });

  it("logs a thrown non-error as a message", () => {
    const { logger, lines } = capture();
    logger.error({ err: "boom" }, "unhandled rejection");
    expect(JSON.parse(lines[0]!).err).toEqual({ type: "string", message: "boom" });
  });
});
