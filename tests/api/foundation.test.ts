import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findVehicle, updateVehicle } from "~/server/data/vehicles.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { startTestServer, type TestServer } from "../support/test-server";
import { onPostgres, openServerDatabase, untilStockWriteIsSeen } from "../support/server-database";

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
});
afterAll(async () => {
  await server?.stop();
});

describe("server-rendered pages", () => {
  it("renders header, footer and page content in the raw HTML of /", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain(">Inventory<");
    expect(html).toContain("Business Hours");
    expect(html).toContain("Browse Inventory");
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('rel="canonical"');
  });

  it("answers unknown paths with the 404 page and status 404", async () => {
    for (const path of [
      "/no-such-page",
      "/a/b/c",
      "/used-2018-honda-civic-fitchburg-ma-01430-00000000-0000-4000-8000-000000000000",
      "/used-2018-honda-civic",
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("Page Not Found");
    }
  });

  it("answers a failing page with the generic error page in the page's language and status 500", async () => {
    const broken = await startTestServer();
    try {
      // The booking page's loader reads the services: without their table it throws, as on a database fault.
      const { db } = openServerDatabase(broken);
      await db.schema.alterTable("services").renameTo("services_gone").execute();
      await db.destroy();
      for (const [path, title] of [
        ["/booking", "Something went wrong"],
        ["/es/booking", "Algo salió mal"],
      ] as const) {
        const res = await fetch(`${broken.url}${path}`);
        const html = await res.text();
        expect(res.status, path).toBe(500);
        expect(html, path).toContain(`<h1 class="text-3xl font-bold">${title}</h1>`);
        expect(html, path).not.toContain("Unexpected Server Error");
      }
    } finally {
      await broken.stop();
    }
  });

  it("redirects a vehicle under a wrong slug to its canonical path with 301", async () => {
    const { db } = openServerDatabase(server);
    const vehicle = await db.selectFrom("vehicles").select(["id", "year", "make", "model"]).executeTakeFirstOrThrow();
    await db.destroy();
    const res = await fetch(`${server.url}/used-1999-wrong-slug-${vehicle.id}?ref=x`, { redirect: "manual" });
    expect(res.status).toBe(301);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/used-${vehicle.year}-[a-z0-9-]+-fitchburg-ma-01430-${vehicle.id}\\?ref=x$`));
    const canonical = await fetch(`${server.url}${location}`);
    expect(canonical.status).toBe(200);
  });
});

describe("HTTP hardening", () => {
  it("sends security headers with a per-request CSP nonce", async () => {
    // /about is rendered per request (/ and /inventory are served from the document cache, with script hashes).
    const [a, b] = await Promise.all([fetch(`${server.url}/about`), fetch(`${server.url}/about`)]);
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toBe(b.headers.get("content-security-policy"));
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("strict-transport-security")).toBeNull();
    expect(a.headers.get("x-powered-by")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await a.text()).toContain(`nonce="${nonce}"`);
  });

  it("compresses responses and caches hashed assets immutably", async () => {
    const res = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const asset = /\/assets\/[^"]+\.js/.exec(await res.text())![0];
    const assetRes = await fetch(`${server.url}${asset}`);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toContain("immutable");
    const missing = await fetch(`${server.url}/assets/nope-123.js`);
    expect(missing.status).toBe(404);
  });

  it("answers unknown /api paths with JSON 404", async () => {
    const res = await fetch(`${server.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: "Not found" });
  });

  it("answers malformed JSON with 400 and oversized bodies with 413, never a stack trace", async () => {
    const bad = await fetch(`${server.url}/api/track-visitor`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    const badBody = await bad.text();
    expect(JSON.parse(badBody)).toEqual({ error: "Malformed JSON" });
    expect(badBody).not.toMatch(/at .*\.js/);
    const big = await fetch(`${server.url}/api/track-visitor`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ page: "/", userAgent: "x".repeat(300_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "Request body is too large" });
  });
});

describe("document cache (/ and /inventory)", () => {
  it("serves the same bytes to everyone with a CSP listing exactly its inline scripts' hashes", async () => {
    const [a, b] = await Promise.all([fetch(`${server.url}/inventory`), fetch(`${server.url}/inventory`)]);
    const [htmlA, htmlB] = await Promise.all([a.text(), b.text()]);
    expect(htmlA).toBe(htmlB);
    expect(htmlA).not.toContain("nonce=");
    expect(a.headers.get("content-security-policy")).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  });

  it("renders anew as soon as the stock changes", async () => {
    const before = await (await fetch(`${server.url}/inventory`)).text();
    const { db } = openServerDatabase(server);
    const vehicle = await db.selectFrom("vehicles").select(["id", "price"]).executeTakeFirstOrThrow();
    await db.updateTable("vehicles").set({ price: 77_777, updatedAt: new Date().toISOString() }).where("id", "=", vehicle.id).execute();
    await db.destroy();
    await untilStockWriteIsSeen();
    const after = await (await fetch(`${server.url}/inventory`)).text();
    expect(before).not.toContain("$77,777");
    expect(after).toContain("$77,777");
  });
});

describe("document cache (vehicle pages)", () => {
  async function newestVehicle() {
    const { db } = openServerDatabase(server);
    const row = await db.selectFrom("vehicles").select("id").orderBy("createdAt", "desc").executeTakeFirstOrThrow();
    const vehicle = (await findVehicle(db, row.id))!;
    await db.destroy();
    return vehicle;
  }

  it("serves a vehicle page from the cache, the same bytes for any query string, with its scripts' hashes", async () => {
    const path = vehiclePath(await newestVehicle());
    await fetch(`${server.url}${path}`).then((r) => r.text());
    const a = await fetch(`${server.url}${path}`);
    const b = await fetch(`${server.url}${path}?utm_source=facebook&fbclid=IwAR0abc`);
    expect(a.status).toBe(200);
    expect(a.headers.get("x-document-cache")).toBe("hit");
    expect(b.headers.get("x-document-cache")).toBe("hit");
    const [htmlA, htmlB] = await Promise.all([a.text(), b.text()]);
    expect(htmlB).toBe(htmlA);
    expect(htmlA).not.toContain("nonce=");
    expect(a.headers.get("content-security-policy")).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    // A client that accepts no compression gets the same document.
    const plain = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(htmlA);
  });

  it("shows a change to the vehicle's price and photos on the next request, even when the writer's clock is behind", async () => {
    const vehicle = await newestVehicle();
    const path = vehiclePath(vehicle);
    expect(vehicle.photos.length).toBeGreaterThan(1);
    const before = await (await fetch(`${server.url}${path}`)).text();
    expect((await fetch(`${server.url}${path}`)).headers.get("x-document-cache")).toBe("hit");
    const { db } = openServerDatabase(server);
    const { id: _id, createdAt: _c, updatedAt: _u, photos, images: _i, ...fields } = vehicle;
    const reordered = [...photos]
      .reverse()
      .map((p) => ({ key: p.src.replace(/^\/images\//, "").replace(/-1200\.jpg$/, ""), width: p.width, height: p.height }));
    // A clock an hour behind: the change must still move the stock version.
    expect(await updateVehicle(db, vehicle.id, { ...fields, price: 12_345, images: reordered }, new Date(Date.now() - 3_600_000))).toBe(
      true,
    );
    await db.destroy();
    await untilStockWriteIsSeen();
    const res = await fetch(`${server.url}${path}`);
    expect(res.headers.get("x-document-cache")).toBe("miss");
    const after = await res.text();
    expect(before).not.toContain("$12,345");
    expect(after).toContain("$12,345");
    expect(after.indexOf(reordered[0]!.key)).toBeLessThan(after.indexOf(reordered.at(-1)!.key));
  });

  it("answers an unknown vehicle with 404 and a wrong slug with 301 every time, rendered per request", async () => {
    const vehicle = await newestVehicle();
    for (let i = 0; i < 2; i++) {
      const missing = await fetch(`${server.url}/used-2018-honda-civic-fitchburg-ma-01430-00000000-0000-4000-8000-000000000000`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("x-document-cache")).toBe("bypass");
      const html = await missing.text();
      const nonce = /'nonce-([^']+)'/.exec(missing.headers.get("content-security-policy")!)![1];
      expect(html).toContain(`nonce="${nonce}"`);
      const moved = await fetch(`${server.url}/used-1999-wrong-${vehicle.id}?ref=${i}`, { redirect: "manual" });
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe(`${vehiclePath(vehicle)}?ref=${i}`);
    }
  });
});

describe("POST /api/track-visitor", () => {
  const track = (body: unknown, ua = BROWSER_UA) =>
    fetch(`${server.url}/api/track-visitor`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": ua },
      body: JSON.stringify(body),
    });

  it("stores a page view with its user agent and referrer", async () => {
    const res = await track({ page: "/inventory?make=Honda", userAgent: BROWSER_UA, referrer: "https://www.example.org/" });
    expect(res.status).toBe(201);
    const { db } = openServerDatabase(server);
    const rows = await db.selectFrom("visitors").selectAll().where("page", "=", "/inventory").execute();
    await db.destroy();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userAgent: BROWSER_UA, referrer: "https://www.example.org/" });
    expect(JSON.stringify(rows[0])).not.toContain("127.0.0.1");
  });

  it("skips obvious bots", async () => {
    const res = await track({ page: "/about", userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(res.status).toBe(202);
    const { db } = openServerDatabase(server);
    const rows = await db.selectFrom("visitors").selectAll().where("page", "=", "/about").execute();
    await db.destroy();
    expect(rows).toHaveLength(0);
  });

  it("rejects a missing or non-path page with 400 and a field message", async () => {
    for (const body of [{}, { page: "" }, { page: "javascript:alert(1)" }, { page: 5 }]) {
      const res = await track(body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { fieldErrors: Record<string, string> };
      expect(Object.keys(json.fieldErrors)).toContain("page");
    }
  });
});

// These tests start servers one after another: they get a budget of their own rather than one
// test's 30 s, since a start takes a few seconds alone and more beside other test files.
describe("lifecycle", { timeout: 120_000 }, () => {
  it("keeps every record across a restart", async () => {
    const first = await startTestServer();
    await fetch(`${first.url}/api/track-visitor`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ page: "/restart-check", userAgent: BROWSER_UA }),
    });
    await first.stop();
    expect(first.process.exitCode).toBe(0);
    const second = await startTestServer({ dataDir: first.dataDir });
    const { db } = openServerDatabase(second);
    const rows = await db.selectFrom("visitors").select("page").where("page", "=", "/restart-check").execute();
    await db.destroy();
    await second.stop();
    expect(rows).toHaveLength(1);
  });

  it("refuses to start in production with no staff account and no first owner, or a first owner's password the policy refuses", async () => {
    await expect(startTestServer({ env: { NODE_ENV: "production" } })).rejects.toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    for (const password of ["short", "password1234"]) {
      await expect(
        startTestServer({ env: { NODE_ENV: "production", ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: password } }),
      ).rejects.toThrow(/ADMIN_PASSWORD/);
    }
    // With good ones it starts, and the owner exists (no demo owner in production).
    const ok = await startTestServer({
      env: { NODE_ENV: "production", ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "a fine long passphrase" },
    });
    const { db } = openServerDatabase(ok);
    const accounts = await db.selectFrom("staffAccounts").select(["email", "role"]).execute();
    await db.destroy();
    expect(accounts).toEqual([{ email: "boss@example.com", role: "owner" }]);
    // Once an account exists, the variables are no longer needed.
    await ok.stop();
    const again = await startTestServer({ dataDir: ok.dataDir, env: { NODE_ENV: "production" } });
    await again.stop();
  });

  it("creates its files readable by its own user only: database, mails, folders", async () => {
    const fresh = await startTestServer();
    try {
      const res = await fetch(`${fresh.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          firstName: "Ana",
          lastName: "Silva",
          email: "ana@example.com",
          phone: "9785550100",
          message: "Private files?",
        }),
      });
      expect(res.status).toBe(201);
      // Without SMTP_URL the outbox worker writes each mail as an .eml file.
      const mailDir = path.join(fresh.dataDir, "mail");
      await expect.poll(() => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0), { timeout: 10_000 }).toBeGreaterThan(0);
      const modes: Record<string, string> = {};
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          modes[path.relative(fresh.dataDir, full)] = (fs.statSync(full).mode & 0o777).toString(8);
          if (entry.isDirectory()) walk(full);
        }
      };
      walk(fresh.dataDir);
      if (!onPostgres) expect(modes["dealership.sqlite"]).toBe("600");
      expect(modes.mail).toBe("700");
      const expected = Object.fromEntries(
        Object.keys(modes).map((name) => [name, fs.statSync(path.join(fresh.dataDir, name)).isDirectory() ? "700" : "600"]),
      );
      expect(modes).toEqual(expected);
    } finally {
      await fresh.stop();
    }
  });

  // The review's L-8: `npm run staff` under a shell's umask 022 made the database 0644, and SQLite gave the
  // server's -wal and -shm files the same mode. Every entry point now sets one umask, and the server narrows
  // what an older run left.
  it.skipIf(onPostgres)("keeps a database made by npm run staff private, and narrows files an older run left", async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dealership-modes-")), "data");
    const staff = spawnSync(
      "sh",
      [
        "-c",
        `umask 022 && exec "${process.execPath}" node_modules/tsx/dist/cli.mjs scripts/staff.ts add --email first@example.com --name First --role owner`,
      ],
      { env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "warn" }, encoding: "utf8" },
    );
    expect(staff.status, staff.stderr).toBe(0);
    const modesUnder = (dir: string) => {
      const modes: Record<string, string> = { ".": (fs.statSync(dir).mode & 0o777).toString(8) };
      const walk = (folder: string) => {
        for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
          const full = path.join(folder, entry.name);
          modes[path.relative(dir, full)] = (fs.statSync(full).mode & 0o777).toString(8);
          if (entry.isDirectory()) walk(full);
        }
      };
      walk(dir);
      return modes;
    };
    const privateModes = (modes: Record<string, string>) =>
      Object.fromEntries(Object.keys(modes).map((name) => [name, fs.statSync(path.join(dataDir, name)).isDirectory() ? "700" : "600"]));
    const made = modesUnder(dataDir);
    expect(made["dealership.sqlite"]).toBe("600");
    expect(made).toEqual(privateModes(made));

    // As an install made before this fix left it: everything readable by others.
    for (const [name] of Object.entries(made)) {
      const full = path.join(dataDir, name);
      fs.chmodSync(full, fs.statSync(full).isDirectory() ? 0o755 : 0o644);
    }
    const looseUmask = process.umask(0o022);
    const started = await startTestServer({ dataDir }).finally(() => process.umask(looseUmask));
    try {
      const res = await fetch(`${started.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          firstName: "Ana",
          lastName: "Silva",
          email: "pii@example.net",
          phone: "9785550100",
          message: "Are my files private?",
        }),
      });
      expect(res.status).toBe(201);
      const mailDir = path.join(dataDir, "mail");
      await expect.poll(() => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0), { timeout: 10_000 }).toBeGreaterThan(0);
      const served = modesUnder(dataDir);
      expect(served["dealership.sqlite-wal"]).toBe("600");
      expect(served["dealership.sqlite-shm"]).toBe("600");
      expect(served).toEqual(privateModes(served));
    } finally {
      await started.stop();
    }
  });

  it("sends HSTS behind an HTTPS proxy", async () => {
    const proxied = await startTestServer({ env: { TRUST_PROXY: "true" } });
    const res = await fetch(`${proxied.url}/`, { headers: { "x-forwarded-proto": "https" } });
    await res.text();
    await proxied.stop();
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
