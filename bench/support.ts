import { execFileSync } from "node:child_process";
import autocannon from "autocannon";
import { launch, type LaunchedChrome } from "chrome-launcher";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../src/server/db/database.server";
import { chromiumFlags, chromiumPath } from "../tests/support/browser";
import { createDatabase, startPostgresCluster } from "../tests/support/postgres-cluster";
import { vehiclePath } from "../src/shared/lib/vehicle-path";
import { PRODUCTION_PASSWORD_HASH_COST, startTestServer, type TestServer } from "../tests/support/test-server";
import { simpleParser } from "mailparser";
import { DEAL_TERMS } from "../tests/support/deal-request";
import { upcomingWeekday } from "../tests/support/booking-dates";
import { DEMO_OWNER, postJson, signIn } from "../tests/support/staff-sign-in";
import { TRADE_IN_VEHICLE } from "../tests/support/trade-in-request";

export const root = path.resolve(import.meta.dirname, "..");
export const resultsDir = path.join(root, "bench/results");

/** Builds the production bundle (benchmarks always measure what `npm start` serves). */
export function build(): void {
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

/**
 * A DATA_DIR holding the demo data topped up to `vehicles` vehicles, cached per count in the temp folder,
 * copied fresh for each run so runs do not affect each other.
 */
export async function dataDirWith(vehicles: number): Promise<string> {
  const cached = path.join(os.tmpdir(), `dealership-bench-${vehicles}`);
  if (!fs.existsSync(path.join(cached, ".complete"))) {
    fs.rmSync(cached, { recursive: true, force: true });
    // Production's password cost: the bench servers run as production does, and sign in with these accounts.
    const seeding = await startTestServer({
      dataDir: cached,
      env: { SEED_DEMO: "true", PASSWORD_HASH_COST: PRODUCTION_PASSWORD_HASH_COST },
    });
    await seeding.stop();
    const extra = vehicles - 32;
    if (extra > 0) {
      execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/seed.ts", "--vehicles", String(extra)], {
        cwd: root,
        env: { ...process.env, DATA_DIR: cached },
        stdio: "inherit",
      });
    }
    fs.writeFileSync(path.join(cached, ".complete"), "");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-run-${vehicles}-`));
  fs.cpSync(cached, dir, { recursive: true });
  return dir;
}

export async function startBenchServer(vehicles: number, env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    dataDir: await dataDirWith(vehicles),
    env: { ...PRODUCTION_ENV, ...env },
  });
}

/** Path of the newest vehicle's page. */
export async function firstVehiclePath(server: TestServer): Promise<string> {
  const { db } = openDatabase(server.dataDir);
  const vehicle = await db
    .selectFrom("vehicles")
    .select(["id", "year", "make", "model"])
    .orderBy("createdAt", "desc")
    .executeTakeFirstOrThrow();
  await db.destroy();
  return vehiclePath(vehicle);
}

/**
 * BENCH_PAGES's paths with their stand-ins filled in: `{vehicle}` for the newest vehicle's page's path
 * (`/es/{vehicle}`), `{deal-sheet}` for a deal sheet's token (`/pt/deal/{deal-sheet}`), one sheet stored
 * through the public API as a shopper's is, only when a path asks for it. The pages a shopper reaches only
 * from a mail take their token from the mail the server wrote (DATA_DIR/mail, as it does without SMTP_URL):
 * `{booking-manage}` (`/booking/manage/{booking-manage}`, a booking made through the API), `{trade-in-offer}`
 * and `{opt-out}` (`/trade-in/offer/{trade-in-offer}`, `/opt-out/{opt-out}`: a trade-in's acknowledgement),
 * `{alerts-confirm}` and `{alerts-manage}` (`/alerts/confirm/{alerts-confirm}`, `/alerts/{alerts-manage}` and
 * `/alerts/{alerts-manage}/unsubscribe`: one request for alerts left unconfirmed, one confirmed).
 */
export async function benchPagePaths(list: string, server: TestServer): Promise<string[]> {
  const pages = list.split(",");
  const asks = (standIn: string) => pages.some((page) => page.includes(standIn));
  const vehicle = asks("{vehicle}") ? await firstVehiclePath(server) : "";
  const tokens: Record<string, string> = {};
  if (asks("{deal-sheet}")) tokens["{deal-sheet}"] = await storedDealSheetToken(server);
  if (asks("{booking-manage}")) tokens["{booking-manage}"] = await bookingManageToken(server);
  if (asks("{trade-in-offer}") || asks("{opt-out}")) Object.assign(tokens, await tradeInMailTokens(server));
  if (asks("{alerts-confirm}")) tokens["{alerts-confirm}"] = await alertsConfirmToken(server, "bench.alerts.confirm@example.com");
  if (asks("{alerts-manage}")) tokens["{alerts-manage}"] = await alertsManageToken(server);
  return pages.map((page) =>
    Object.entries(tokens).reduce((filled, [standIn, token]) => filled.replace(standIn, token), page.replace("/{vehicle}", vehicle)),
  );
}

const SHOPPER = { firstName: "Bench", lastName: "Shopper", phone: "(978) 555-0100", locale: "en" };

async function postJsonOk(server: TestServer, pathname: string, body: unknown, status: number): Promise<Response> {
  const res = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", origin: server.url },
    body: JSON.stringify(body),
  });
  if (res.status !== status) throw new Error(`POST ${pathname} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** The token of the first link to `to` whose path matches `pattern`, from the mails the server wrote (waits up to 20 s). */
async function tokenFromMail(server: TestServer, to: string, pattern: RegExp): Promise<string> {
  const folder = path.join(server.dataDir, "mail");
  for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith(".eml")) : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(folder, file)));
      const recipients = [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address?.toLowerCase()));
      if (!recipients.includes(to)) continue;
      for (const [url] of (mail.text ?? "").matchAll(/https?:\/\/[^\s<>]+/g)) {
        const token = pattern.exec(new URL(url).pathname)?.[1];
        if (token) return token;
      }
    }
  }
  throw new Error(`No mail to ${to} with a link matching ${pattern} in ${folder}`);
}

async function bookingManageToken(server: TestServer): Promise<string> {
  const services = (await (await fetch(`${server.url}/api/services`)).json()) as { id: string; name: string }[];
  const service = services.find((s) => s.name === "Oil Change") ?? services[0];
  if (!service) throw new Error("No service to book");
  const email = "bench.booking@example.com";
  await postJsonOk(
    server,
    "/api/bookings",
    {
      serviceId: service.id,
      bookingDate: upcomingWeekday("wednesday", 7),
      bookingTime: "10:00",
      customerFirstName: SHOPPER.firstName,
      customerLastName: SHOPPER.lastName,
      customerEmail: email,
      customerPhone: SHOPPER.phone,
    },
    201,
  );
  return tokenFromMail(server, email, /\/booking\/manage\/([\w-]+)$/);
}

/** A trade-in request, and an offer on it sent by the owner through the staff API (their mails carry the two links). */
async function tradeInMailTokens(server: TestServer): Promise<Record<string, string>> {
  const email = "bench.trade-in@example.com";
  const stored = await postJsonOk(server, "/api/trade-ins", { ...SHOPPER, email, ...TRADE_IN_VEHICLE }, 201);
  const { id } = (await stored.json()) as { id: string };
  // The bench's data directories are demo-seeded, with the demo's owner.
  const owner = await signIn(server, DEMO_OWNER.email, DEMO_OWNER.password);
  const offer = await postJson(
    server,
    `/api/admin/trade-ins/${id}/offer`,
    { low: 9000, high: 10500, validDays: 7 },
    { cookie: owner.cookie },
  );
  if (offer.status !== 200) throw new Error(`The offer answered ${offer.status}: ${await offer.text()}`);
  return {
    "{trade-in-offer}": await tokenFromMail(server, email, /\/trade-in\/offer\/([\w-]+)$/),
    "{opt-out}": await tokenFromMail(server, email, /\/opt-out\/([\w-]+)$/),
  };
}

async function alertsConfirmToken(server: TestServer, email: string): Promise<string> {
  const vehicles = (await (await fetch(`${server.url}/api/vehicles`)).json()) as { id: string }[];
  await postJsonOk(server, "/api/alerts", { email, locale: "en", vehicleId: vehicles[0]!.id }, 202);
  return tokenFromMail(server, email, /\/alerts\/confirm\/([\w-]+)$/);
}

/** Confirms a request for alerts as the shopper's browser does, and reads the manage link the answer shows. */
async function alertsManageToken(server: TestServer): Promise<string> {
  const confirm = await alertsConfirmToken(server, "bench.alerts.manage@example.com");
  const res = await fetch(`${server.url}/alerts/confirm/${confirm}`, { method: "POST", headers: { origin: server.url } });
  const manage = /href="\/alerts\/([A-Za-z0-9_-]{43})"/.exec(await res.text())?.[1];
  if (res.status !== 200 || !manage) throw new Error(`Confirming alerts answered ${res.status} without a manage link`);
  return manage;
}

async function storedDealSheetToken(server: TestServer): Promise<string> {
  const vehicles = (await (await fetch(`${server.url}/api/vehicles`)).json()) as { id: string; status: string }[];
  const vehicle = vehicles.find((v) => v.status === "available");
  if (!vehicle) throw new Error("No available vehicle to store a deal sheet for");
  const res = await fetch(`${server.url}/api/deals`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      vehicleId: vehicle.id,
      ...DEAL_TERMS,
      firstName: "Bench",
      lastName: "Shopper",
      email: "bench.shopper@example.com",
      phone: "(978) 555-0100",
      locale: "en",
    }),
  });
  if (res.status !== 201) throw new Error(`Storing a deal sheet answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { url: string }).url.split("/").at(-1)!;
}

export function writeResults(name: string, data: unknown): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(), ...((data as object) ?? {}) }, null, 2),
  );
  return file;
}

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** Headless Chromium for Lighthouse, without the background traffic that would land in its traces. */
export function launchLighthouseChrome(): Promise<LaunchedChrome> {
  return launch({
    chromePath: chromiumPath(),
    chromeFlags: ["--headless=new", ...chromiumFlags],
  });
}

/**
 * The middle value (the upper one of the two middles for an even count) of the finite values; NaN when
 * there is none. A failed run's NaN is left out: sorted with the others it made the order, and so the
 * middle, depend on where it stood.
 */
export function median(values: number[]): number {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  return finite.length === 0 ? Number.NaN : finite[Math.floor(finite.length / 2)]!;
}

/**
 * A page's path as a table label of at most 40 characters: a long slug or token is cut in the middle, so
 * two pages under one token (`/alerts/{token}` and `/alerts/{token}/unsubscribe`) keep labels of their own.
 */
export function pageLabel(path: string): string {
  return path.length > 40 ? `${path.slice(0, 25)}...${path.slice(-12)}` : path;
}

/** The CSV import's usual columns, as a dealer-management export writes them (the CSV benches' files). */
export const STOCK_CSV_HEADER =
  "VIN,Stock,Year,Make,Model,Trim,Price,Mileage,Exterior Color,Transmission,Drivetrain,Body Style,Features,Description,Status";
/** Make, model and body style the CSV benches cycle through. */
export const BENCH_MODELS = [
  ["Honda", "Civic", "Sedan"],
  ["Toyota", "RAV4", "SUV"],
  ["Ford", "F-150", "Truck"],
  ["Subaru", "Outback", "Wagon"],
  ["Mazda", "CX-5", "SUV"],
] as const;

/** The environment of a bench's production server (its owner account from ADMIN_*). */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  ADMIN_EMAIL: "bench-owner@example.com",
  ADMIN_PASSWORD: "bench owner passphrase 2026",
  LOG_LEVEL: "warn",
};

export type PostgresServers = {
  servers: TestServer[];
  databaseUrl: string;
  dataDir: string;
  /** The cluster's own log so far (deadlocks and lock waits are explained there). */
  clusterLog: () => string;
  /** PostgreSQL's postmaster: its children are the cluster's other processes, and it forks each new session's. */
  postmasterPid: number;
  stop: () => Promise<void>;
};

/**
 * `count` production servers on one throw-away PostgreSQL cluster with a shared DATA_DIR, holding the demo
 * data (32 vehicles with photos) topped up with generated vehicles to `vehicles`, as bench:load has on SQLite.
 */
export async function startPostgresServers(vehicles: number, count: number, env: Record<string, string> = {}): Promise<PostgresServers> {
  const cluster = await startPostgresCluster();
  try {
    const databaseUrl = await createDatabase(cluster.adminUrl);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pg-"));
    const serverEnv = { ...PRODUCTION_ENV, ...env, DATABASE_URL: databaseUrl };
    // Seeded as dataDirWith does: production refuses SEED_DEMO, so a test-mode server with production's password cost.
    const seeding = await startTestServer({
      dataDir,
      env: { DATABASE_URL: databaseUrl, SEED_DEMO: "true", PASSWORD_HASH_COST: PRODUCTION_PASSWORD_HASH_COST },
      // The demo seed renders the 32 vehicles' photos: minutes on two cores that other work shares.
      startTimeoutMs: 300_000,
    });
    await seeding.stop();
    execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/seed.ts", "--vehicles", String(vehicles - 32)], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      stdio: "inherit",
    });
    const servers = await Promise.all(Array.from({ length: count }, () => startTestServer({ dataDir, env: serverEnv })));
    return {
      servers,
      databaseUrl,
      dataDir,
      clusterLog: () => fs.readFileSync(path.join(cluster.dir, "server.log"), "utf8"),
      postmasterPid: Number(fs.readFileSync(path.join(cluster.dir, "data/postmaster.pid"), "utf8").split("\n")[0]),
      stop: async () => {
        await Promise.all(servers.map((s) => s.stop()));
        cluster.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

export type ClosedLoopResult = { requestsPerSec: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };

/**
 * As many requests as `connections` keep in flight, split evenly over the servers (a round-robin balancer),
 * one autocannon per server; p50/p99 are the worst server's.
 */
export async function splitLoad(servers: TestServer[], urlPath: string, connections: number, durationS: number): Promise<ClosedLoopResult> {
  const results = await Promise.all(
    servers.map((s) =>
      autocannon({
        url: `${s.url}${urlPath}`,
        connections: connections / servers.length,
        duration: durationS,
        // Two client threads in all: one JavaScript thread saturates before the server does.
        workers: 2 / servers.length,
        headers: { "accept-encoding": "gzip" },
      }),
    ),
  );
  return {
    requestsPerSec: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}
