import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tradeIn as en } from "~/shared/i18n/en/trade-in";
import type { Vehicle } from "~/shared/types/vehicle";
import { decompressionBomb, manyEmptyParts, peakRssMb, postTradeInPhotos } from "../support/upload-bombs";
import { signInAs } from "../support/staff-sign-in";
import { staffClient, type StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { storedKeys } from "../support/test-storage";

/**
 * The review's M-1, M-2, L-1, L-2 and L-3 (decisions 085, 086): a trade-in upload can neither exhaust
 * the server (a decompression bomb, a body of many parts) nor leave files behind, a corrupt photo is a
 * 400 on its field, and shoppers' photos are for signed-in staff only. Timings are generous bounds for a
 * 2-core machine that other test runs load (load average 10–20 was seen), far below what the review
 * measured (5.3 s a bomb, 7.9 s of every request blocked); the targets themselves (under 1 s to refuse,
 * p99 ≤ 100 ms for the other requests) are measured by `npm run bench:uploads` (docs/performance.md).
 */
const REFUSED_WITHIN_MS = 2500;
const OTHERS_WITHIN_MS = 2000;
let server: TestServer;
let owner: StaffClient;
let nextClient = 1;
const newClient = () => `198.51.100.${nextClient++}`;
let stockPhoto = "";

beforeAll(async () => {
  server = await startTestServer({ seeded: true, env: { TRUST_PROXY: "true" } });
  owner = await staffClient(server);
  const vehicles = (await (await fetch(`${server.url}/api/vehicles`)).json()) as Vehicle[];
  stockPhoto = vehicles[0]!.photos[0]!.src;
});
afterAll(async () => {
  await server?.stop();
});

const jpeg = (color: { r: number; g: number; b: number }, width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const dataUrl = (bytes: Buffer, type = "image/jpeg") => `data:${type};base64,${bytes.toString("base64")}`;

const postTradeIn = (photos: string[], client = newClient()) => postTradeInPhotos(server.url, photos, client);

/** The same fields as the page's form posts them without JavaScript, with `photos` as files. */
function tradeInForm(photos: Buffer[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    year: "2012",
    make: "Ford",
    model: "Focus",
    mileage: "120000",
    zip: "01420",
    "condition.accidents": "0",
    "condition.tires": "good",
    "condition.keys": "2",
    "condition.titleStatus": "clean",
    firstName: "Upload",
    lastName: "Tester",
    email: "upload.tester@example.com",
    phone: "978-555-0150",
    consent: "true",
  }))
    form.append(name, value);
  for (const [i, bytes] of photos.entries())
    form.append("photos", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `photo-${i}.jpg`);
  return form;
}

/** Fetches `url` every 20 ms until `until` settles: each answer's status and time. */
async function whileWaiting(url: string, until: Promise<unknown>): Promise<{ status: number; ms: number }[]> {
  const answers: { status: number; ms: number }[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${server.url}${url}`);
    await res.arrayBuffer();
    answers.push({ status: res.status, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return answers;
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

/** Every stored variant file of a photo key, wherever it is under DATA_DIR or in the server's store (its bucket). */
async function filesOf(key: string): Promise<string[]> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.startsWith(key)) found.add(path.relative(server.dataDir, full));
    }
  };
  walk(server.dataDir);
  for (const prefix of ["images/", "private/"]) {
    for (const stored of await storedKeys(server.files, prefix)) if (stored.split("/").pop()!.startsWith(key)) found.add(stored);
  }
  return [...found];
}
const keyOf = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);

describe("a photo that would cost the server more than a photo should", () => {
  it("two 16000 × 16000 PNG bombs posted at once are refused on their field before decoding, while pages and static images answer", async () => {
    const bomb = await decompressionBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const bombs = Promise.all([0, 1].map(() => timed(postTradeIn([dataUrl(bomb, "image/png")]))));
    const [home, image, answers] = await Promise.all([whileWaiting("/", bombs), whileWaiting(stockPhoto, bombs), bombs]);
    for (const { value: res, ms } of answers) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors["photos.0"]).toBe(en.errors.photo);
      // Refused from the header in milliseconds; the review measured 5.3 s and +390 MB per bomb.
      expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
    }
    for (const answer of [...home, ...image]) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(OTHERS_WITHIN_MS);
    }
    // The review's two bombs at once took the process to 979 MB.
    expect(peakRssMb(server.process.pid!)).toBeLessThan(400);
  });

  it("a truncated JPEG is a 400 on its field, on the API and on the page's form, never a 500", async () => {
    const whole = await jpeg({ r: 10, g: 200, b: 10 });
    const truncated = whole.subarray(0, whole.length - 200);
    const api = await postTradeIn([dataUrl(truncated)]);
    expect(api.status).toBe(400);
    expect(((await api.json()) as { fieldErrors: Record<string, string> }).fieldErrors["photos.0"]).toBe(en.errors.photo);
    const page = await fetch(`${server.url}/trade-in`, {
      method: "POST",
      body: tradeInForm([truncated]),
      headers: { "x-forwarded-for": newClient(), "sec-fetch-site": "same-origin" },
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(en.errors.photo);
    expect(server.logs.filter((line) => line.includes("premature end"))).toEqual([]);
  });

  it("an upload is all or nothing: a refused later photo leaves no file of the earlier ones", async () => {
    const good = await jpeg({ r: 1, g: 2, b: 3 });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await postTradeIn([dataUrl(good), dataUrl(good.subarray(0, 400))]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({ "photos.1": en.errors.photo });
    const refusedAfter = await postTradeIn([dataUrl(good), dataUrl(svg, "image/jpeg")]);
    expect(refusedAfter.status).toBe(400);
    expect(await filesOf(keyOf(good))).toEqual([]);
  });
});

describe("a form body of many parts", () => {
  it("150,000 empty parts (19 MB) to /trade-in are refused at the first cap, while pages answer", async () => {
    const { body, contentType } = manyEmptyParts(150_000);
    expect(body.length).toBeGreaterThan(18_000_000);
    const post = timed(
      fetch(`${server.url}/trade-in`, {
        method: "POST",
        body: new Uint8Array(body),
        headers: { "content-type": contentType, "x-forwarded-for": newClient(), "sec-fetch-site": "same-origin" },
      }).then(async (res) => ({ status: res.status, text: await res.text() })),
    );
    const [home, { value, ms }] = await Promise.all([whileWaiting("/", post), post]);
    expect(value.status).toBe(413);
    // The review measured 8.5 s, and every other request waited 7.9 s.
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
    for (const answer of home) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(OTHERS_WITHIN_MS);
    }
  });
});

describe("shoppers' trade-in photos", () => {
  let id = "";
  let key = "";
  beforeAll(async () => {
    const bytes = await jpeg({ r: 120, g: 60, b: 30 });
    key = keyOf(bytes);
    const res = await postTradeIn([dataUrl(bytes)]);
    expect(res.status).toBe(201);
    id = ((await res.json()) as { id: string }).id;
  });

  it("are served to signed-in staff who see trade-ins, never cached, never public; stock photos stay public", async () => {
    const url = `/api/admin/trade-ins/${id}/photos/${key}-1200.jpg`;
    expect((await fetch(`${server.url}/images/${key}-1200.jpg`)).status).toBe(404);
    expect((await fetch(`${server.url}${url}`)).status).toBe(401);
    for (const variant of ["400.webp", "800.webp", "1200.webp", "1200.jpg"]) {
      const res = await owner.fetch(`/api/admin/trade-ins/${id}/photos/${key}-${variant}`);
      expect(res.status, variant).toBe(200);
      expect(res.headers.get("content-type"), variant).toBe(variant.endsWith("jpg") ? "image/jpeg" : "image/webp");
      expect(res.headers.get("cache-control"), variant).toBe("private, no-store");
      expect(res.headers.get("x-content-type-options"), variant).toBe("nosniff");
    }
    const sales = await signInAs(server, "sales");
    const service = await signInAs(server, "service");
    const finance = await signInAs(server, "finance");
    const as = (who: { cookie: string }) => fetch(`${server.url}${url}`, { headers: { cookie: who.cookie } });
    expect((await as(sales)).status).toBe(200);
    expect((await as(service)).status).toBe(403);
    expect((await as(finance)).status).toBe(403);
    // Another request's id, a name that is no variant, a key the request does not show: 404.
    expect((await owner.fetch(`/api/admin/trade-ins/${crypto.randomUUID()}/photos/${key}-1200.jpg`)).status).toBe(404);
    expect((await owner.fetch(`/api/admin/trade-ins/${id}/photos/${key}-1200.png`)).status).toBe(404);
    expect((await owner.fetch(`/api/admin/trade-ins/${id}/photos/${"0".repeat(32)}-1200.jpg`)).status).toBe(404);

    // A stock photo in the folder is served as from a bucket (decision 164): the stored bytes, its name as its
    // ETag, a revalidation answered 304, a name that is no variant 404.
    const stock = await fetch(`${server.url}${stockPhoto}`);
    expect(stock.status).toBe(200);
    expect(stock.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(stock.headers.get("content-type")).toBe("image/jpeg");
    const stockName = stockPhoto.slice("/images/".length);
    expect(stock.headers.get("etag")).toBe(`"${stockName}"`);
    expect(Buffer.from(await stock.arrayBuffer()).equals((await server.files.get(`images/${stockName}`))!)).toBe(true);
    const revalidated = await fetch(`${server.url}${stockPhoto}`, { headers: { "if-none-match": `"${stockName}"` } });
    expect(revalidated.status).toBe(304);
    const head = await fetch(`${server.url}${stockPhoto.replace("1200.jpg", "400.webp")}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(Number(head.headers.get("content-length"))).toBe(
      (await server.files.get(`images/${stockName.replace("1200.jpg", "400.webp")}`))!.length,
    );
    expect((await fetch(`${server.url}${stockPhoto.replace("1200.jpg", "1200.png")}`)).status).toBe(404);
  });

  it("a request's photos stored while they were public move to the private folder at the next start", async () => {
    const privateDir = "private/trade-in-photos/";
    const publicDir = "images/";
    const named = async (prefix: string) => (await storedKeys(server.files, prefix)).filter((k) => k.startsWith(`${prefix}${key}`));
    // As an older version left it: the variants among the public stock photos.
    for (const stored of await named(privateDir)) {
      await server.files.put(`${publicDir}${stored.slice(privateDir.length)}`, (await server.files.get(stored))!);
      await server.files.remove([stored]);
    }
    expect((await fetch(`${server.url}/images/${key}-1200.jpg`)).status).toBe(200);
    await server.stop();
    server = await startTestServer({ dataDir: server.dataDir, env: { TRUST_PROXY: "true" } });
    owner = await staffClient(server);
    expect((await fetch(`${server.url}/images/${key}-1200.jpg`)).status).toBe(404);
    expect(await named(publicDir)).toEqual([]);
    expect(await named(privateDir)).toHaveLength(4);
    expect((await owner.fetch(`/api/admin/trade-ins/${id}/photos/${key}-1200.jpg`)).status).toBe(200);
  });
});
