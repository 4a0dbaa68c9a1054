import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplicationInput } from "~/features/financing/financing-test-data";
import { STORAGE_UNAVAILABLE_MESSAGE } from "~/server/http/error-handler.server";
import { tradeIn as tradeInMessages } from "~/shared/i18n/en/trade-in";
import { en } from "~/shared/i18n/en";
import { createBucket, s3EnvFor, startS3Server, type S3TestServer } from "../support/s3-server";
import { countRows } from "../support/server-database";
import { staffClient, type StaffClient } from "../support/staff-client";
import { postTradeInPhotos } from "../support/upload-bombs";
import { startTestServer, type TestServer } from "../support/test-server";
import { storedKeys } from "../support/test-storage";
import { newVehicleBody } from "../support/vehicle-form";

/**
 * A server whose files are in a bucket, and the bucket going away (decision 123): uploads answer 503
 * and store nothing, photos already read keep being served, /healthz says so without taking the process
 * off the balancer, and a bucket stopped in the middle of a request's uploads leaves nothing visible.
 */
let s3: S3TestServer;
let server: TestServer;
let owner: StaffClient;
const BUCKET = "faults";

const jpeg = (r: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();
const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;
const keyOf = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);

const vehicle = (images: string[]) => newVehicleBody(images);

const health = async () => (await (await fetch(`${server.url}/healthz`)).json()) as Record<string, unknown>;
let client = 0;
const tradeIn = (photos: string[]) => postTradeInPhotos(server.url, photos, `203.0.113.${++client}`);

beforeAll(async () => {
  s3 = await startS3Server();
  await createBucket(s3.endpoint, BUCKET);
  server = await startTestServer({ env: { ...s3EnvFor(s3.endpoint, BUCKET), TRUST_PROXY: "true" } });
  owner = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

describe("photos and documents in a bucket that goes away", () => {
  const first = { bytes: Buffer.alloc(0), key: "" };
  const second = { bytes: Buffer.alloc(0), key: "" };

  it("with the bucket there: a vehicle's photos are stored in it and served from the app, cached for a year, revalidated by name", async () => {
    first.bytes = await jpeg(10);
    second.bytes = await jpeg(20);
    first.key = keyOf(first.bytes);
    second.key = keyOf(second.bytes);
    const res = await owner.fetch("/api/admin/vehicles", { method: "POST", body: vehicle([dataUrl(first.bytes), dataUrl(second.bytes)]) });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await storedKeys(server.files, "images/")).toHaveLength(8);
    // Nothing of it in DATA_DIR.
    expect(await storedKeys(server.files, "images/")).toEqual(expect.arrayContaining([`images/${first.key}-1200.jpg`]));
    const photo = await fetch(`${server.url}/images/${first.key}-1200.jpg`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(photo.headers.get("etag")).toBe(`"${first.key}-1200.jpg"`);
    expect(Buffer.from(await photo.arrayBuffer()).equals((await server.files.get(`images/${first.key}-1200.jpg`))!)).toBe(true);
    const again = await fetch(`${server.url}/images/${first.key}-1200.jpg`, { headers: { "if-none-match": `"${first.key}-1200.jpg"` } });
    expect(again.status).toBe(304);
    expect((await fetch(`${server.url}/images/${"0".repeat(32)}-1200.jpg`)).status).toBe(404);
    expect((await fetch(`${server.url}/images/${first.key}-1200.png`)).status).toBe(404);
    expect(await health()).toMatchObject({ ok: true, storage: "ok" });
  });

  it("with the bucket gone: uploads answer 503 with the reason and a log line and store nothing; photos already read are still served", async () => {
    const vehiclesBefore = await countRows(server, "vehicles");
    await s3.kill();

    // The load balancer keeps the process (its pages work); the bucket is reported.
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, database: "ok", storage: "unreachable" });

    // A photo this process has read is served from its memory; a browser's revalidation needs no bucket.
    const cached = await fetch(`${server.url}/images/${first.key}-1200.jpg`);
    expect(cached.status).toBe(200);
    expect((await cached.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const revalidated = await fetch(`${server.url}/images/${second.key}-800.webp`, {
      headers: { "if-none-match": `"${second.key}-800.webp"` },
    });
    expect(revalidated.status).toBe(304);
    // One it has never read: not "not found", but "try again".
    const unread = await fetch(`${server.url}/images/${second.key}-800.webp`);
    expect(unread.status).toBe(503);
    expect(unread.headers.get("retry-after")).toBe("30");

    const started = Date.now();
    const created = await owner.fetch("/api/admin/vehicles", { method: "POST", body: vehicle([dataUrl(await jpeg(30))]) });
    expect(created.status).toBe(503);
    expect(created.headers.get("retry-after")).toBe("30");
    expect(await created.json()).toEqual({ error: STORAGE_UNAVAILABLE_MESSAGE });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await countRows(server, "vehicles")).toBe(vehiclesBefore);
    const photo = await owner.fetch("/api/admin/photos", { method: "POST", body: await jpeg(31), contentType: "image/jpeg" });
    expect(photo.status).toBe(503);

    const tradeInRes = await tradeIn([dataUrl(await jpeg(40))]);
    expect(tradeInRes.status).toBe(503);
    expect(await tradeInRes.json()).toEqual({ error: tradeInMessages.api.busy });
    expect(await countRows(server, "trade_ins")).toBe(0);

    const signature = `data:image/png;base64,${(
      await sharp({ create: { width: 50, height: 20, channels: 4, background: "#fff" } })
        .png()
        .toBuffer()
    ).toString("base64")}`;
    const financing = await fetch(`${server.url}/api/financing`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validApplicationInput({ signature, driverLicense: dataUrl(await jpeg(50)) })),
    });
    expect(financing.status).toBe(503);
    expect(await financing.json()).toEqual({ error: en.financing.toasts.submitFailedText });
    expect(await countRows(server, "financing_applications")).toBe(0);
    expect(await countRows(server, "outbox")).toBe(0);

    // One line for the operator per failure, naming the operation, never a credential.
    const lines = server.logs.filter((l) => l.includes('"msg":"file storage unavailable"'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes('"operation":"put"') || l.includes('"operation":"exists"'))).toBe(true);
    expect(server.logs.join("\n")).not.toContain("S3RVER");
    // And Prometheus sees them (this machine may read /metrics without a token).
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/dealer_storage_errors_total\{driver="s3",operation="(put|exists)"\} [1-9]/);
  });

  it("a bucket that stops in the middle of a request's uploads leaves nothing half-written visible, and the request succeeds once it is back", async () => {
    // The bucket dies when the first photo's JPEG arrives: its three WebP variants (written first, at once) are stored.
    s3 = await s3.restart({ crashAfterPuts: 3 });
    const photos = [await jpeg(60), await jpeg(70)];
    const res = await tradeIn(photos.map(dataUrl));
    expect(res.status).toBe(503);
    expect(await countRows(server, "trade_ins")).toBe(0);
    const vehicleBytes = await jpeg(80);
    s3 = await s3.restart({ crashAfterPuts: 3 });
    const created = await owner.fetch("/api/admin/vehicles", { method: "POST", body: vehicle([dataUrl(vehicleBytes)]) });
    expect(created.status).toBe(503);
    s3 = await s3.restart();

    // What reached the bucket before it went: whole objects (each PutObject is all or nothing), but never a
    // complete photo (the JPEG is written last), referenced by nothing and served to nobody.
    const privateLeft = await storedKeys(server.files, "private/trade-in-photos/");
    expect(privateLeft.map((k) => k.slice(k.lastIndexOf("-") + 1))).toEqual(["1200.webp", "400.webp", "800.webp"]);
    for (const key of privateLeft) await expect(sharp((await server.files.get(key))!).metadata(), key).resolves.toBeTruthy();
    expect((await (await owner.fetch("/api/admin/trade-ins")).json()) as unknown[]).toEqual([]);
    const leftPublic = (await storedKeys(server.files, "images/")).filter((k) => k.includes(keyOf(vehicleBytes)));
    expect(leftPublic).toEqual(["1200.webp", "400.webp", "800.webp"].map((v) => `images/${keyOf(vehicleBytes)}-${v}`));
    expect((await fetch(`${server.url}/images/${keyOf(vehicleBytes)}-400.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/images/${keyOf(vehicleBytes)}-1200.jpg`)).status).toBe(404);

    // Sent again with the bucket back: stored whole and served.
    const retried = await tradeIn(photos.map(dataUrl));
    expect(retried.status).toBe(201);
    const [stored] = (await (await owner.fetch("/api/admin/trade-ins")).json()) as { photos: { src: string; srcSet: string }[] }[];
    for (const photo of stored!.photos) {
      for (const url of [photo.src, ...photo.srcSet.split(", ").map((s) => s.split(" ")[0]!)])
        expect((await owner.fetch(url)).status, url).toBe(200);
    }
    const again = await owner.fetch("/api/admin/vehicles", { method: "POST", body: vehicle([dataUrl(vehicleBytes)]) });
    expect(again.status).toBe(201);
    expect((await fetch(`${server.url}/images/${keyOf(vehicleBytes)}-400.webp`)).status).toBe(200);
    expect(await health()).toMatchObject({ ok: true, storage: "ok" });
  });
});
