import { z } from "zod";

/** Metrics collected from real visits. */
export const WEB_VITAL_METRICS = ["LCP", "INP", "CLS"] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];

/**
 * Google's thresholds: a value up to the first is good, up to the second needs improvement,
 * above it is poor (https://web.dev/articles/vitals). LCP and INP in milliseconds.
 */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalMetric, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

export type WebVitalRating = "good" | "needs-improvement" | "poor";

export function rateWebVital(metric: WebVitalMetric, value: number): WebVitalRating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** Largest value accepted per metric: anything above is a broken clock or a forged beacon. */
const MAX_VALUE: Record<WebVitalMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 100 };

const sample = z
  .object({
    // web-vitals ids look like "v5-1732370000000-1234567890123".
    id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
    name: z.enum(WEB_VITAL_METRICS),
    value: z.number().finite().min(0),
  })
  .refine((s) => s.value <= MAX_VALUE[s.name], { message: "Value out of range", path: ["value"] });

/** Body of POST /api/web-vitals, sent with navigator.sendBeacon when the page is hidden. */
export const webVitalsBeaconSchema = z.object({
  page: z.string().min(1).max(2048).startsWith("/"),
  metrics: z.array(sample).min(1).max(WEB_VITAL_METRICS.length),
});

export type WebVitalsBeacon = z.infer<typeof webVitalsBeaconSchema>;
