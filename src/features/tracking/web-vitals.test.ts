import { describe, expect, it } from "vitest";
import { deviceClass, pagePattern } from "./record-web-vitals.server";
import { percentile75 } from "./web-vitals-report.server";
import { rateWebVital, webVitalsBeaconSchema } from "./web-vitals-schema";

describe("pagePattern", () => {
  it("groups vehicle pages and drops ids, tokens and query strings", () => {
    expect(pagePattern("/used-2020-honda-civic-fitchburg-ma-01430-0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11?fbclid=x")).toBe("/:vehicle");
    expect(pagePattern("/es/used-2020-honda-civic-fitchburg-ma-01430-0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11")).toBe("/es/:vehicle");
    expect(pagePattern("/booking/manage/Zx8kP2qLm9Rt4vWy7bNc")).toBe("/booking/manage/:id");
    expect(pagePattern("/inventory?make=Honda")).toBe("/inventory");
    expect(pagePattern("/")).toBe("/");
    expect(pagePattern("/pt/Financing/")).toBe("/pt/financing");
  });
});

describe("deviceClass", () => {
  it("tells phones from desktops (tablets count as desktop)", () => {
    expect(deviceClass("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")).toBe("phone");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36")).toBe("phone");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 15; SM-X910) AppleWebKit/537.36 Chrome/156.0 Safari/537.36")).toBe("desktop");
    expect(deviceClass("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36")).toBe("desktop");
  });
});

describe("web vitals thresholds and percentiles", () => {
  it("rates values by Google's thresholds, boundaries included in the better band", () => {
    expect(rateWebVital("LCP", 2500)).toBe("good");
    expect(rateWebVital("LCP", 2501)).toBe("needs-improvement");
    expect(rateWebVital("LCP", 4001)).toBe("poor");
    expect(rateWebVital("INP", 200)).toBe("good");
    expect(rateWebVital("INP", 500)).toBe("needs-improvement");
    expect(rateWebVital("INP", 501)).toBe("poor");
    expect(rateWebVital("CLS", 0.1)).toBe("good");
    expect(rateWebVital("CLS", 0.25)).toBe("needs-improvement");
    expect(rateWebVital("CLS", 0.26)).toBe("poor");
  });

  it("takes the 75th percentile by nearest rank", () => {
    expect(percentile75([1])).toBe(1);
    expect(percentile75([1, 2, 3, 4])).toBe(3);
    expect(percentile75([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(8);
  });

  it("accepts a beacon of known metrics and refuses unknown names, negative or absurd values", () => {
    const ok = { page: "/", metrics: [{ id: "v5-1-2", name: "LCP", value: 1234.5 }] };
    expect(webVitalsBeaconSchema.safeParse(ok).success).toBe(true);
    for (const metrics of [
      [{ id: "v5-1-2", name: "FID", value: 1 }],
      [{ id: "v5-1-2", name: "LCP", value: -1 }],
      [{ id: "v5-1-2", name: "CLS", value: 1e9 }],
      [{ id: "<script>", name: "LCP", value: 1 }],
      [],
    ]) {
      expect(webVitalsBeaconSchema.safeParse({ page: "/", metrics }).success, JSON.stringify(metrics)).toBe(false);
    }
    expect(webVitalsBeaconSchema.safeParse({ ...ok, page: "https://evil.example/" }).success).toBe(false);
  });
});
