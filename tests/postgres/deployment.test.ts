import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/postgres-cluster";
import { createBucket, s3EnvFor, startS3Server, type S3TestServer } from "../support/s3-server";
import { countRows } from "../support/server-database";
import { signInOwner } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The deployment of docs/deploy.md on loopback (decision 124): Caddy with TLS, run with the repository's
 * own deploy/Caddyfile, in front of two app processes on one PostgreSQL database and one bucket of a
 * real S3-protocol server. Pages, a form post, a photo upload and a stream that must arrive in parts all
 * go through the proxy.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CADDY = process.env.CADDY_PATH ?? "/usr/bin/caddy";

/**
 * Stands in for the staff event stream (GET /podium/events) until the app serves one: Server-Sent Events,
 * one event every 400 ms, each flushed as it is written. The proxy must pass each on at once.
 */
function startEventStream(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
    let n = 0;
    const tick = () => {
      res.write(`event: ping\ndata: ${++n}\n\n`);
      if (n === 4) res.end();
      else setTimeout(tick, 400);
    };
    tick();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

describe.skipIf(!fs.existsSync(CADDY))("Caddy with TLS in front of two app processes, PostgreSQL and a bucket", () => {
  let s3: S3TestServer;
  let a: TestServer;
  let b: TestServer;
  let events: Awaited<ReturnType<typeof startEventStream>>;
  let caddy: ChildProcess;
  let caddyLog = "";
  let site = "";
  const caddyHome = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-caddy-"));

  beforeAll(async () => {
    s3 = await startS3Server();
    await createBucket(s3.endpoint, "site");
    const port = await freePort();
    site = `https://localhost:${port}`;
    const env = {
      ...s3EnvFor(s3.endpoint, "site"),
      MASTER_KEY: crypto.randomBytes(32).toString("hex"),
      TRUST_PROXY: "true",
      PUBLIC_URL: site,
    };
    a = await startTestServer({ env });
    b = await startTestServer({ env: { ...env, DATABASE_URL: a.databaseUrl! } });
    events = await startEventStream();
    const upstream = (server: TestServer) => new URL(server.url).host;
    caddy = spawn(CADDY, ["run", "--config", path.join(root, "deploy/Caddyfile"), "--adapter", "caddyfile"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: caddyHome,
        XDG_DATA_HOME: path.join(caddyHome, "data"),
        XDG_CONFIG_HOME: path.join(caddyHome, "config"),
        SITE_ADDRESS: site,
        CADDY_TLS: "internal",
        CADDY_BIND: "127.0.0.1",
        CADDY_ADMIN: "off",
        CADDY_HTTP_PORT: String(await freePort()),
        APP_UPSTREAMS: `${upstream(a)} ${upstream(b)}`,
        EVENT_UPSTREAMS: `127.0.0.1:${events.port}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout!.on("data", (c: Buffer) => (caddyLog += c.toString()));
    caddy.stderr!.on("data", (c: Buffer) => (caddyLog += c.toString()));
    // Caddy's own certificate authority signs the site's certificate: trust its root, as a browser given it would.
    const rootCert = path.join(caddyHome, "data/caddy/pki/authorities/local/root.crt");
    for (let i = 0; i < 200; i++) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyLog}`);
      if (fs.existsSync(rootCert)) {
        tls.setDefaultCACertificates([...tls.getCACertificates("default"), fs.readFileSync(rootCert, "utf8")]);
        if (
          await fetch(`${site}/healthz`)
            .then((r) => r.ok)
            .catch(() => false)
        )
          return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`Caddy did not serve ${site}:\n${caddyLog}`);
  }, 180_000);
  afterAll(async () => {
    caddy?.kill("SIGTERM");
    await Promise.all([a?.stop(), b?.stop(), events?.close()]);
    await s3?.stop();
    fs.rmSync(caddyHome, { recursive: true, force: true });
  });

  const requestsTo = (server: TestServer, p: string) =>
    server.logs.filter((l) => l.includes('"msg":"request"') && l.includes(`"path":"${p}"`)).length;

  it("serves pages over HTTPS from both processes, round robin, with HSTS (the app sees HTTPS through TRUST_PROXY)", async () => {
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${site}/inventory`);
      expect(res.status).toBe(200);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(await res.text()).toContain("</html>");
    }
    expect(requestsTo(a, "/inventory")).toBeGreaterThan(0);
    expect(requestsTo(b, "/inventory")).toBeGreaterThan(0);
    // Prometheus reads each machine directly; the proxy never serves /metrics.
    expect((await fetch(`${site}/metrics`)).status).toBe(404);
  });

  it("takes a form posted without JavaScript, as the browser sends it, and stores it once", async () => {
    const before = await countRows(a, "contact_submissions");
    const res = await fetch(`${site}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site, "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({
        firstName: "Ana",
        lastName: "Silva",
        email: "through-the-proxy@example.com",
        phone: "9785550100",
        message: "Is the Civic still available?",
      }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Message sent!");
    expect(await countRows(a, "contact_submissions")).toBe(before + 1);
  });

  it("signs staff in with Secure cookies and takes a photo upload, then serves the photo through the proxy", async () => {
    const owner = await signInOwner({ ...a, url: site });
    expect(owner.sessionSetCookie).toMatch(/;\s*Secure/i);
    const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${site}/api/admin/photos`, {
      method: "POST",
      headers: { cookie: owner.cookie, origin: site, "content-type": "image/jpeg" },
      body: new Uint8Array(photo),
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${site}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });

  it("passes the staff event stream on as it is written, never buffered (flush_interval -1)", async () => {
    const started = performance.now();
    const res = await fetch(`${site}/podium/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const arrivals: { at: number; text: string }[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of res.body!) arrivals.push({ at: performance.now() - started, text: decoder.decode(chunk) });
    const all = arrivals.map((c) => c.text).join("");
    expect(all).toBe([1, 2, 3, 4].map((n) => `event: ping\ndata: ${n}\n\n`).join(""));
    const firstEvent = arrivals.find((c) => c.text.includes("data: 1"))!;
    const lastEvent = arrivals.find((c) => c.text.includes("data: 4"))!;
    // The first event arrives long before the stream ends (1.2 s later), each in its own read.
    expect(firstEvent.at).toBeLessThan(lastEvent.at - 800);
    expect(arrivals.filter((c) => c.text.includes("data: ")).length).toBe(4);
  });
});
