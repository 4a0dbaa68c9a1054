// An open-loop load generator at a fixed rate (decision 165): request i is due at start + i / rate, spread
// evenly over each second (or at random at the same mean rate, `arrivals: "poisson"`), and sent then
// whatever the earlier ones are doing. Its latency runs from when it
// was due, not from when a free connection let it go, so a slow server cannot hide its queue by slowing the
// client (coordinated omission; wrk2 measures the same way). autocannon's `overallRate` is not this: each of
// its connections sends its share of the second back to back from the second's start and then waits for the
// next (mcollina/autocannon#174), so a "fixed" 1,000 req/s arrives as a burst every second.
import http from "node:http";

/** One request the generator sends, built when it is due. */
export type PacedRequest = {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called with the answer's status once its body has been read. */
  onResponse?: (status: number) => void;
};

export type PacedResult = {
  /** Answers received (any status). */
  requests: number;
  requestsPerSec: number;
  /** From when each request was due to its answer's last byte. */
  latency: { p50: number; p99: number; max: number };
  /** How late the generator itself sent requests (its own event loop): p99 and max, ms. */
  sendLag: { p99: number; max: number };
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Every latency, for merging runs (ms, in the order answered). */
  latencies: number[];
};

export type PacedLoadOptions = {
  url: string;
  /** Requests per second, spread evenly. */
  rate: number;
  durationS: number;
  /** Keep-alive connections at most; a request due while all are busy waits for one (its wait counts). */
  connections: number;
  next: () => PacedRequest;
  /** How long to wait, after the last request is due, for those still in flight (ms). */
  drainMs?: number;
  /**
   * "even" (the default): one request every 1/rate s. "poisson": independent arrivals at the same mean rate
   * (exponential gaps), as shoppers who do not know of one another arrive, bunched now and then.
   */
  arrivals?: "even" | "poisson";
};

/** Sends `rate` requests a second for `durationS` seconds, evenly spaced, and measures each from when it was due. */
export async function pacedLoad(options: PacedLoadOptions): Promise<PacedResult> {
  const { url, rate, durationS, connections, next, drainMs = 10_000, arrivals = "even" } = options;
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const total = Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  // When each request is due, in ms from the start.
  const dueAt = new Float64Array(total);
  for (let i = 1; i < total; i++)
    dueAt[i] = arrivals === "even" ? i * intervalMs : dueAt[i - 1]! - Math.log(1 - Math.random()) * intervalMs;
  const latencies: number[] = [];
  const lags: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  let sent = 0;
  let settle: () => void = () => {};
  const drained = new Promise<void>((resolve) => (settle = resolve));

  const send = (dueAt: number) => {
    const request = next();
    inFlight += 1;
    lags.push(performance.now() - dueAt);
    const done = () => {
      inFlight -= 1;
      if (sent === total && inFlight === 0) settle();
    };
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        agent,
        headers: request.body ? { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) } : request.headers,
      },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          latencies.push(performance.now() - dueAt);
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          if (status < 200 || status >= 300) non2xx += 1;
          request.onResponse?.(status);
          done();
        });
      },
    );
    req.on("error", () => {
      errors += 1;
      done();
    });
    req.end(request.body);
  };

  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      while (sent < total && dueAt[sent]! <= elapsed) {
        sent += 1;
        send(start + dueAt[sent - 1]!);
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + dueAt[sent]! - performance.now()));
      else resolve();
    };
    tick();
  });
  if (inFlight > 0) await Promise.race([drained, new Promise((r) => setTimeout(r, drainMs))]);
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  const sortedLags = [...lags].sort((a, b) => a - b);
  const at = (list: number[], q: number) => round(list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0);
  return {
    requests: latencies.length,
    requestsPerSec: Math.round(latencies.length / elapsedS),
    latency: { p50: at(sorted, 0.5), p99: at(sorted, 0.99), max: round(sorted.at(-1) ?? 0) },
    sendLag: { p99: at(sortedLags, 0.99), max: round(sortedLags.at(-1) ?? 0) },
    // A request still unanswered after the drain counts as an error (autocannon's timeout).
    errors: errors + inFlight,
    non2xx,
    statusCodes,
    latencies,
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
