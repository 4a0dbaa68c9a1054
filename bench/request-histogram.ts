// The server's own request times, read from its request histogram on /metrics (decision 122):
// `dealer_http_request_duration_seconds{route,method,status_class}`, cumulative buckets in seconds.

const METRIC = "dealer_http_request_duration_seconds_bucket";

export type HistogramSeries = {
  route: string;
  method: string;
  statusClass: string;
  /** Cumulative counts by upper bound in seconds, ascending; the last bound is +Inf. */
  buckets: { le: number; count: number }[];
  count: number;
};
export type RequestHistogram = { series: HistogramSeries[] };

/** The request histogram's series out of a Prometheus text exposition. */
export function parseRequestHistogram(text: string): RequestHistogram {
  const byKey = new Map<string, HistogramSeries>();
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${METRIC}{`)) continue;
    const close = line.lastIndexOf("}");
    const labels = Object.fromEntries(
      [...line.slice(METRIC.length + 1, close).matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const count = Number(line.slice(close + 1).trim());
    const le = labels.le === "+Inf" ? Infinity : Number(labels.le);
    const key = `${labels.route} ${labels.method} ${labels.status_class}`;
    const series: HistogramSeries = byKey.get(key) ?? {
      route: labels.route ?? "",
      method: labels.method ?? "",
      statusClass: labels.status_class ?? "",
      buckets: [],
      count: 0,
    };
    series.buckets.push({ le, count });
    byKey.set(key, series);
  }
  for (const series of byKey.values()) {
    series.buckets.sort((a, b) => a.le - b.le);
    series.count = series.buckets.at(-1)?.count ?? 0;
  }
  return { series: [...byKey.values()] };
}

/** What was counted between two readings of the same process (`earlier` may lack series that appeared since). */
export function subtractHistogram(later: RequestHistogram, earlier: RequestHistogram): RequestHistogram {
  const key = (s: HistogramSeries) => `${s.route} ${s.method} ${s.statusClass}`;
  const before = new Map(earlier.series.map((s) => [key(s), s]));
  return {
    series: later.series.map((s) => {
      const old = before.get(key(s));
      const buckets = s.buckets.map((b) => ({ le: b.le, count: b.count - (old?.buckets.find((o) => o.le === b.le)?.count ?? 0) }));
      return { ...s, buckets, count: buckets.at(-1)?.count ?? 0 };
    }),
  };
}

/**
 * The q-quantile in milliseconds of the series taken together, as Prometheus's histogram_quantile computes
 * it: linear within the bucket holding it (from 0 for the first); the highest finite bound when it falls in +Inf.
 */
export function histogramQuantile(q: number, series: HistogramSeries[]): number {
  const bounds = [...new Set(series.flatMap((s) => s.buckets.map((b) => b.le)))].sort((a, b) => a - b);
  const cumulative = bounds.map((le) => ({
    le,
    count: series.reduce((sum, s) => sum + (s.buckets.find((b) => b.le === le)?.count ?? 0), 0),
  }));
  const total = cumulative.at(-1)?.count ?? 0;
  if (total === 0) return 0;
  const rank = q * total;
  const i = cumulative.findIndex((b) => b.count >= rank);
  const bucket = cumulative[i]!;
  if (bucket.le === Infinity) return Math.round((cumulative[i - 1]?.le ?? 0) * 1000 * 10) / 10;
  const lower = i === 0 ? { le: 0, count: 0 } : cumulative[i - 1]!;
  const inBucket = bucket.count - lower.count;
  const seconds = inBucket === 0 ? bucket.le : lower.le + ((bucket.le - lower.le) * (rank - lower.count)) / inBucket;
  return Math.round(seconds * 1000 * 10) / 10;
}

/** The share (0–1) of the series' requests that took at most `ms`, which must be one of the buckets' bounds. */
export function histogramShareWithin(ms: number, series: HistogramSeries[]): number {
  const total = series.reduce((sum, s) => sum + s.count, 0);
  if (total === 0) return 1;
  const within = series.reduce((sum, s) => {
    const bucket = s.buckets.find((b) => Math.abs(b.le * 1000 - ms) < 1e-6);
    if (!bucket) throw new Error(`no bucket ends at ${ms} ms`);
    return sum + bucket.count;
  }, 0);
  return within / total;
}

/** A process's request histogram now (from loopback, which /metrics allows without a token). */
export async function readRequestHistogram(server: { url: string }): Promise<RequestHistogram> {
  const res = await fetch(`${server.url}/metrics`);
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  return parseRequestHistogram(await res.text());
}
