// An open-loop load generator at a fixed rate (decision 165): request i is due at start + i / rate, spread
// evenly over each second (or at random at the same mean rate, `arrivals: "poisson"`), and sent then whatever
// the earlier ones are doing. Its latency runs from when it was due, not from when a free connection let it
// go, so a slow server cannot hide its queue by slowing the client (coordinated omission; wrk2 measures the
// same way). autocannon's `overallRate` is not this: each of its connections sends its share of the second
// back to back from the second's start and then waits for the next (mcollina/autocannon#174), so a "fixed"
// 1,000 req/s arrives as a burst every second.
import net from "node:net";
import { HTTPParser } from "http-parser-js";

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
  const port = Number(target.port);
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

  // Raw keep-alive sockets and a small HTTP parser, as autocannon's clients use: node:http's client machinery
  // cost the generator more of the two cores than the requests it measures.
  type Pending = { request: PacedRequest; dueAt: number };
  type Connection = { socket: net.Socket; current: Pending | null; status: number };
  const open = new Set<Connection>();
  const idle: Connection[] = [];
  const waiting: Pending[] = [];

  const finished = () => {
    inFlight -= 1;
    if (sent === total && inFlight === 0) settle();
  };
  const write = (conn: Connection, pending: Pending) => {
    conn.current = pending;
    conn.status = 0;
    const { method, path, headers, body } = pending.request;
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${target.host}\r\nconnection: keep-alive\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
    conn.socket.write(`${head}\r\n${body ?? ""}`);
  };
  const connect = (first: Pending) => {
    const socket = net.connect(port, target.hostname);
    socket.setNoDelay(true);
    const conn: Connection = { socket, current: null, status: 0 };
    const parser = new HTTPParser(HTTPParser.RESPONSE);
    parser[HTTPParser.kOnHeadersComplete] = (info) => {
      conn.status = info.statusCode ?? 0;
    };
    parser[HTTPParser.kOnMessageComplete] = () => {
      const done = conn.current!;
      conn.current = null;
      latencies.push(performance.now() - done.dueAt);
      statusCodes[conn.status] = (statusCodes[conn.status] ?? 0) + 1;
      if (conn.status < 200 || conn.status >= 300) non2xx += 1;
      done.request.onResponse?.(conn.status);
      finished();
      const following = waiting.shift();
      if (following) write(conn, following);
      else idle.push(conn);
    };
    socket.on("data", (chunk: Buffer) => {
      const result = parser.execute(chunk);
      if (result instanceof Error) socket.destroy(result);
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      open.delete(conn);
      const at = idle.indexOf(conn);
      if (at >= 0) idle.splice(at, 1);
      if (conn.current) {
        conn.current = null;
        errors += 1;
        finished();
      }
      // Requests that were waiting for a connection get a new one.
      const following = waiting.shift();
      if (following) connect(following);
    });
    open.add(conn);
    write(conn, first);
  };
  const send = (due: number) => {
    const pending = { request: next(), dueAt: due };
    inFlight += 1;
    lags.push(performance.now() - due);
    const conn = idle.pop();
    if (conn) write(conn, pending);
    else if (open.size < connections) connect(pending);
    else waiting.push(pending);
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
  for (const conn of open) conn.socket.destroy();
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
