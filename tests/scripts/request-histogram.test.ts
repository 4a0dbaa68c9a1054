import { describe, expect, it } from "vitest";
import { histogramQuantile, parseRequestHistogram, subtractHistogram } from "../../bench/request-histogram";

const exposition = (fast: number, slow: number, posts: number) => `# HELP dealer_http_request_duration_seconds Time to answer
# TYPE dealer_http_request_duration_seconds histogram
dealer_http_request_duration_seconds_bucket{le="0.005",route="page:routes/vehicle",method="GET",status_class="2xx"} ${fast}
dealer_http_request_duration_seconds_bucket{le="0.01",route="page:routes/vehicle",method="GET",status_class="2xx"} ${fast + slow}
dealer_http_request_duration_seconds_bucket{le="+Inf",route="page:routes/vehicle",method="GET",status_class="2xx"} ${fast + slow}
dealer_http_request_duration_seconds_sum{route="page:routes/vehicle",method="GET",status_class="2xx"} 1
dealer_http_request_duration_seconds_count{route="page:routes/vehicle",method="GET",status_class="2xx"} ${fast + slow}
dealer_http_request_duration_seconds_bucket{le="0.005",route="/api/contact",method="POST",status_class="2xx"} 0
dealer_http_request_duration_seconds_bucket{le="0.01",route="/api/contact",method="POST",status_class="2xx"} 0
dealer_http_request_duration_seconds_bucket{le="+Inf",route="/api/contact",method="POST",status_class="2xx"} ${posts}
`;

describe("the request histogram from /metrics", () => {
  it("reads each series' cumulative buckets", () => {
    const { series } = parseRequestHistogram(exposition(90, 10, 2));
    expect(series).toHaveLength(2);
    expect(series[0]).toMatchObject({ route: "page:routes/vehicle", method: "GET", statusClass: "2xx", count: 100 });
    expect(series[0]!.buckets.map((b) => b.le)).toEqual([0.005, 0.01, Infinity]);
  });

  it("takes quantiles as histogram_quantile does, over the requests between two readings", () => {
    const before = parseRequestHistogram(exposition(50, 0, 0));
    const after = parseRequestHistogram(exposition(140, 10, 0));
    const run = subtractHistogram(after, before);
    // 90 fast and 10 slow over the run: the median halfway through the first bucket, p99 inside the second.
    expect(histogramQuantile(0.5, run.series)).toBe(2.8);
    expect(histogramQuantile(0.99, run.series)).toBe(9.5);
  });

  it("answers the highest finite bound when the quantile falls in +Inf", () => {
    expect(histogramQuantile(0.99, parseRequestHistogram(exposition(0, 0, 5)).series)).toBe(10);
  });
});
