import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
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
 * real S3-protocol server. Pages, a form post, a photo upload and the staff event stream (an event must
 * arrive while the stream stays open) all go through the proxy.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CADDY = process.env.CADDY_PATH ?? "/usr/bin/caddy";

describe.skipIf(!fs.existsSync(CADDY))("Caddy with TLS in front of two app processes, PostgreSQL and a bucket", () => {
  let s3: S3TestServer;
  let a: TestServer;
  let b: TestServer;
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
        // The staff event stream goes to the same processes, as docs/deploy.md says.
        EVENT_UPSTREAMS: `${upstream(a)} ${upstream(b)}`,
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
    await Promise.all([a?.stop(), b?.stop()]);
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

  it("passes the staff event stream on as it is written, never buffered (flush_interval -1): a lead posted reaches an open stream", async () => {
    const owner = await signInOwner({ ...a, url: site });
    const res = await fetch(`${site}/podium/events`, { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    /** Reads the open stream until `text` has arrived; fails after `ms`. */
    const until = async (text: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (!seen.includes(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${JSON.stringify(text)} within ${ms} ms through the proxy; got ${JSON.stringify(seen)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, fail) =>
            setTimeout(() => fail(new Error(`stream silent for ${ms} ms; got ${JSON.stringify(seen)}`)), left),
          ),
        ]);
        if (chunk.done) throw new Error(`the stream ended; got ${JSON.stringify(seen)}`);
        seen += decoder.decode(chunk.value, { stream: true });
      }
    };
    // The stream's first event comes at once, not when a buffer fills or the stream ends.
    await until("event: ready", 5_000);
    // A lead posted through the proxy (to either process) arrives on this stream (held by either) while it stays open.
    const posted = await fetch(`${site}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site },
      body: JSON.stringify({
        firstName: "Rita",
        lastName: "Lopes",
        email: "event-through-the-proxy@example.com",
        phone: "9785550111",
        message: "Is the Accord still here?",
      }),
    });
    expect(posted.status).toBe(201);
    await until("event: lead.created", 5_000);
    await reader.cancel();
  });
});
