// npm run bench:main-thread — where a page's main thread goes while it loads, from Chromium's own trace.
// Lighthouse reports one Total Blocking Time per run and varies by ±300 ms here; this script shows what the
// renderer's main thread did, by kind of work, so a change to the document can be checked against it.
// Each page loads in a fresh phone-sized context (a new renderer, as in Lighthouse), with its scripts run
// ("as served") and with JavaScript off (the same document, nothing executed), BENCH_RUNS times each.
// Times are as observed here, not slowed down; Lighthouse's mobile preset counts each task four times over.
// "cpu" is the main thread's own CPU time in those tasks (the trace's thread time): on a shared machine it
// leaves out the time the thread waited for a core, so it is the figure to compare between two builds.
// BENCH_SERVERS=label=url,label=url compares servers already running (e.g. a build of an older commit in a
// worktree of its own, on a copy of the same data): no build and no server of its own, and each page loads
// on each server in turn, load by load, so a change in the machine's load falls on all of them alike.
// BENCH_WITHOUT_OPENER_POLICY=1 loads each page through two loopback proxies, load by load in turn: one passes
// the responses through, the other drops their Cross-Origin-Opener-Policy header and changes nothing else.
// That is what the header costs a page that sends it (/financing, decisions 052 and 141): without it,
// Chromium commits the page in the blank tab's own renderer; with it, in a new renderer process.
// BENCH_FOLLOW_FROM=/ reaches each page by following its link from that page instead of in a blank tab.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../tests/support/browser";
import { build, firstVehiclePath, machine, median, pageLabel, startBenchServer, writeResults } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const compared = process.env.BENCH_SERVERS?.split(",").map((entry) => {
  const [label = "", url = ""] = entry.split(/=(.*)/);
  if (!label || !/^https?:\/\//.test(url)) throw new Error(`BENCH_SERVERS entry is not label=url: ${entry}`);
  return { label, url: url.replace(/\/$/, "") };
});
if (!compared && !process.env.BENCH_NO_BUILD) build();
const server = compared ? undefined : await startBenchServer(200);
const servers = compared ?? [{ label: "", url: server!.url }];
const withoutOpenerPolicy = process.env.BENCH_WITHOUT_OPENER_POLICY === "1";
type Target = { label: string; url: string; openerPolicy?: "as sent" | "dropped"; close?: () => void };
const targets: Target[] = withoutOpenerPolicy
  ? (
      await Promise.all(
        servers.map(async (s) => [
          { label: s.label, openerPolicy: "as sent" as const, ...(await startProxy(s.url, false)) },
          { label: s.label, openerPolicy: "dropped" as const, ...(await startProxy(s.url, true)) },
        ]),
      )
    ).flat()
  : servers;

/** A loopback proxy to `upstream` that passes everything through, less the Cross-Origin-Opener-Policy header if asked. */
async function startProxy(upstream: string, dropOpenerPolicy: boolean) {
  const proxy = createServer((request, response) => {
    void (async () => {
      const answer = await fetch(`${upstream}${request.url ?? "/"}`, {
        method: request.method,
        headers: { "accept-encoding": "identity", ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
        redirect: "manual",
      });
      const headers: Record<string, string | string[]> = {};
      answer.headers.forEach((value, name) => {
        // fetch has already decoded the body, so its encoding and length headers no longer hold.
        if (["content-encoding", "content-length", "transfer-encoding", "set-cookie"].includes(name)) return;
        if (dropOpenerPolicy && name === "cross-origin-opener-policy") return;
        headers[name] = value;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) headers["set-cookie"] = cookies;
      response.writeHead(answer.status, headers);
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      console.error(error);
      response.destroy();
    });
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => proxy.once("listening", resolve));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, close: () => proxy.close() };
}
// Compared servers may hold different vehicles: there, a vehicle page is measured only when BENCH_PAGES names it.
const pages = process.env.BENCH_PAGES?.split(",") ?? [
  "/",
  "/inventory",
  ...(server ? [await firstVehiclePath(server)] : []),
  "/financing",
  "/booking",
  "/contact",
];

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** The thread's CPU time in the event (µs), where the trace records it. */
  tdur?: number;
  args?: Record<string, unknown>;
};

/**
 * The kind of work an event is. An event's own time (its duration less its children's) counts for the
 * innermost enclosing event that has a kind, so the kinds never overlap. Time in a task that no event
 * accounts for (messages, scheduling, the thread waiting for a core) is "untraced".
 */
function kindOf(event: TraceEvent): Kind | undefined {
  const { name } = event;
  if (event.cat === "fonts") return "fonts";
  if (name === "LocalWindowProxy::CreateContext" || name === "V8.DeserializeContext") return "context";
  if (name === "DocumentLoader::CommitNavigation") return "commit";
  if (name === "ParseHTML") return "parse";
  if (name === "UpdateLayoutTree" || name === "ParseAuthorStyleSheet") return "style";
  if (name === "Layout") return "layout";
  if (["PrePaint", "Paint", "Layerize", "Commit", "Decode Image"].includes(name)) return "paint";
  if (["EvaluateScript", "FunctionCall", "TimerFire", "RunMicrotasks", "EventDispatch"].includes(name) || /^v8\.|^V8\./.test(name))
    return "script";
  return undefined;
}
/** Linux Chromium asks the browser process, synchronously, for each font family and each size and weight's rendering settings. */
const isFontQuery = (name: string) =>
  name === "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike" || name === "FontDataManager::onMatchFamilyStyle";
const KINDS = ["commit", "context", "parse", "style", "layout", "fonts", "paint", "script", "other", "untraced"] as const;
type Kind = (typeof KINDS)[number];
/**
 * blocking4xMs: Total Blocking Time as Lighthouse's mobile preset would count these tasks, each multiplied by
 * four, less 50 ms, summed (from the commit on, where Lighthouse starts at the first paint: a little more).
 * blocking4xCpuMs: the same from each task's CPU time, so it leaves out the waits for a core.
 */
type Load = Record<Kind, number> & {
  totalMs: number;
  cpuMs: number;
  fontQueries: number;
  longestTaskMs: number;
  blocking4xMs: number;
  blocking4xCpuMs: number;
};
const blockingAt4x = (ms: number) => Math.max(0, 4 * ms - 50);

/** One load's main-thread time by kind (ms), from the navigation's commit to one second after `load`; undefined if the trace missed the commit. */
function analyse(events: TraceEvent[], url: string): Load | undefined {
  const parse = events.find((e) => e.name === "ParseHTML" && (e.args?.beginData as { url?: string } | undefined)?.url === url);
  if (!parse) return undefined;
  const main = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X")
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // A renderer that joined the trace late has no commit in it: such a load is measured again.
  const commit = main.find((e) => e.name === "DocumentLoader::CommitNavigation" && e.ts < parse.ts);
  if (!commit) return undefined;
  const load: Load = {
    ...(Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>),
    fontQueries: 0,
    totalMs: 0,
    cpuMs: 0,
    longestTaskMs: 0,
    blocking4xMs: 0,
    blocking4xCpuMs: 0,
  };
  // Complete events nest by time on one thread: walk them as a tree, task by task.
  const stack: { end: number; kind: Kind | undefined; childTime: number; dur: number }[] = [];
  const closeUpTo = (time: number) => {
    while (stack.length && stack.at(-1)!.end <= time) {
      const done = stack.pop()!;
      const kind = done.kind ?? stack.findLast((s) => s.kind)?.kind ?? (stack.length ? "other" : "untraced");
      load[kind] += (done.dur - done.childTime) / 1000;
      if (stack.length) stack.at(-1)!.childTime += done.dur;
    }
  };
  for (const event of main) {
    closeUpTo(event.ts);
    const dur = event.dur ?? 0;
    if (!stack.length) {
      // Only work inside a task counts, from the task holding the commit on.
      if (event.name !== "RunTask" || event.ts + dur < commit.ts) continue;
      load.longestTaskMs = Math.max(load.longestTaskMs, dur / 1000);
      load.totalMs += dur / 1000;
      load.cpuMs += (event.tdur ?? 0) / 1000;
      load.blocking4xMs += blockingAt4x(dur / 1000);
      load.blocking4xCpuMs += blockingAt4x((event.tdur ?? 0) / 1000);
    }
    if (isFontQuery(event.name)) load.fontQueries++;
    stack.push({ end: event.ts + dur, kind: event.name === "RunTask" ? undefined : kindOf(event), childTime: 0, dur });
  }
  closeUpTo(Infinity);
  return load;
}

/**
 * BENCH_FOLLOW_FROM=/ reaches each page as a shopper does from our own pages: the tab first loads that page
 * (untraced), then follows its link to the measured page (`a[href="<page>"]`, which must exist), traced.
 * Without it, each page loads in a blank tab, as in Lighthouse.
 */
const followFrom = process.env.BENCH_FOLLOW_FROM;

async function traceLoad(browser: Browser, url: string, javaScriptEnabled: boolean): Promise<Load | undefined> {
  // Lighthouse's phone: 412 × 823 CSS px at 1.75 device pixels per px.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
  });
  try {
    const tab = await context.newPage();
    const target = new URL(url);
    if (followFrom) {
      await tab.goto(new URL(followFrom, target).href, { waitUntil: "load" });
      await tab.waitForTimeout(1000);
    }
    await browser.startTracing(tab, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "v8", "fonts", "blink.user_timing"],
    });
    if (followFrom) {
      // The link may sit in a closed menu: a click event, not a pointer's tap, which needs it on screen.
      await Promise.all([
        tab.waitForURL(url, { waitUntil: "load" }),
        tab.locator(`a[href="${target.pathname}${target.search}"]`).first().dispatchEvent("click"),
      ]);
    } else await tab.goto(url, { waitUntil: "load" });
    await tab.waitForTimeout(1000);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    return analyse(trace.traceEvents, url);
  } finally {
    await context.close();
  }
}

type Row = { page: string; version: string; server?: string; openerPolicy?: string } & Partial<Record<keyof Load, number>>;
const rows: Row[] = [];
const browser = await launchBrowser({ wholeBrowser: true });
try {
  for (const page of pages) {
    for (const target of targets) await fetch(`${target.url}${page}`).then((r) => r.text());
    for (const [version, javaScriptEnabled] of [
      ["as served", true],
      ["without scripts", false],
    ] as const) {
      const loads = targets.map(() => [] as Load[]);
      for (let run = 0; run < RUNS; run++) {
        // Alternate the order too, so that no server is always the one measured right after another.
        const order = targets.map((_, i) => i);
        if (run % 2) order.reverse();
        for (const i of order) {
          for (let attempt = 0; ; attempt++) {
            if (attempt === 3) throw new Error(`${page}: the trace missed the navigation's commit in most loads`);
            const load = await traceLoad(browser, `${targets[i]!.url}${page}`, javaScriptEnabled);
            if (load) {
              loads[i]!.push(load);
              break;
            }
          }
        }
      }
      targets.forEach((target, i) => {
        const row: Row = {
          page: pageLabel(page),
          version,
          ...(compared ? { server: target.label } : {}),
          ...(target.openerPolicy ? { openerPolicy: target.openerPolicy } : {}),
        };
        for (const key of [...KINDS, "totalMs", "cpuMs", "fontQueries", "longestTaskMs", "blocking4xMs", "blocking4xCpuMs"] as const)
          row[key] = Math.round(median(loads[i]!.map((l) => l[key])));
        rows.push(row);
      });
    }
  }
} finally {
  await browser.close();
  for (const target of targets) target.close?.();
  await server?.stop();
}
console.log(`Main thread while loading, median of ${RUNS} loads, observed (1×) ms — ${machine()}`);
console.table(rows);
console.log(`Results: ${writeResults("main-thread", { runs: RUNS, rows })}`);
