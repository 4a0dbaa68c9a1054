import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplicationInput } from "~/features/financing/financing-test-data";
import type { Vehicle } from "~/shared/types/vehicle";
import { createBucket, s3EnvFor, startS3Server, type S3TestServer } from "../support/s3-server";
import { staffClient, type StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { storedKeys } from "../support/test-storage";
import { postTradeInPhotos } from "../support/upload-bombs";
import { newVehicleBody, vehicleFormBody } from "../support/vehicle-form";

/**
 * Two server processes on one PostgreSQL database and one bucket, each with a DATA_DIR of its own and
 * no shared folder (decision 120), as two machines behind a balancer: whatever one stores, the other serves.
 */
describe("two processes, one database, one bucket, no shared folder", () => {
  let s3: S3TestServer;
  let a: TestServer;
  let b: TestServer;
  let onA: StaffClient;
  /** The same session (it lives in the database) used on the other process. */
  let onB: StaffClient;

  beforeAll(async () => {
    s3 = await startS3Server();
    await createBucket(s3.endpoint, "shared");
    // The same key on both, as the README asks: sessions are signed and documents sealed with it.
    const env = { ...s3EnvFor(s3.endpoint, "shared"), MASTER_KEY: crypto.randomBytes(32).toString("hex"), TRUST_PROXY: "true" };
    a = await startTestServer({ env });
    b = await startTestServer({ env: { ...env, DATABASE_URL: a.databaseUrl! } });
    expect(b.dataDir).not.toBe(a.dataDir);
    onA = await staffClient(a);
    onB = {
      ...onA,
      server: b,
      fetch: (p, init = {}) =>
        fetch(`${b.url}${p}`, {
          method: init.method ?? "GET",
          headers: { cookie: onA.cookie, origin: b.url, ...(init.body ? { "content-type": "application/json" } : {}) },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
    };
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
  });

  const jpeg = (r: number) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
  const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;
  const keyOf = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  /** Files of the site under a DATA_DIR (the folder driver's own folders). */
  const filesIn = (dir: string) =>
    ["images", "private"].filter((f) => fs.existsSync(path.join(dir, f)) && fs.readdirSync(path.join(dir, f)).length);

  let vehicleId = "";
  let photoKey = "";

  it("a vehicle photo uploaded through one is served by the other", async () => {
    const bytes = await jpeg(33);
    photoKey = keyOf(bytes);
    const created = await onA.fetch("/api/admin/vehicles", {
      method: "POST",
      body: newVehicleBody([dataUrl(bytes)]),
    });
    expect(created.status).toBe(201);
    vehicleId = ((await created.json()) as { id: string }).id;
    for (const variant of ["400.webp", "800.webp", "1200.webp", "1200.jpg"]) {
      const res = await fetch(`${b.url}/images/${photoKey}-${variant}`);
      expect(res.status, variant).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals((await a.files.get(`images/${photoKey}-${variant}`))!), variant).toBe(true);
    }
    // The vehicle, saved on A, is edited on B with the photo A stored: B finds it in the bucket.
    const list = (await (await onB.fetch("/api/admin/vehicles")).json()) as Vehicle[];
    const vehicle = list.find((v) => v.id === vehicleId)!;
    const edited = await onB.fetch(`/api/admin/vehicles/${vehicleId}`, {
      method: "PATCH",
      body: vehicleFormBody(vehicle, { price: 4795 }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(filesIn(a.dataDir)).toEqual([]);
    expect(filesIn(b.dataDir)).toEqual([]);
  });

  it("a trade-in's photo posted to one is shown to staff by the other; a financing application's licence likewise", async () => {
    const photo = await jpeg(90);
    expect((await postTradeInPhotos(b.url, [dataUrl(photo)], "203.0.113.40")).status).toBe(201);
    const [tradeIn] = (await (await onA.fetch("/api/admin/trade-ins")).json()) as { id: string; photos: { src: string }[] }[];
    const shown = await onA.fetch(tradeIn!.photos[0]!.src);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");

    const signature = `data:image/png;base64,${(
      await sharp({ create: { width: 60, height: 20, channels: 4, background: "#fff" } })
        .png()
        .toBuffer()
    ).toString("base64")}`;
    const license = await jpeg(150);
    const submitted = await fetch(`${a.url}/api/financing`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validApplicationInput({ signature, driverLicense: dataUrl(license) })),
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    const document = await onB.fetch(`/api/admin/financing/${id}/documents/driverLicense`);
    expect(document.status).toBe(200);
    expect(Buffer.from(await document.arrayBuffer()).equals(license)).toBe(true);
    // Sealed before it left the process: the bucket holds no byte of the licence in the clear.
    const sealed = (await a.files.get(`private/${id}-license.enc`))!;
    expect(sealed.includes(license.subarray(100, 164))).toBe(false);
    expect(sealed.toString("utf8")).toMatch(/^v1\./);
    expect(filesIn(a.dataDir)).toEqual([]);
    expect(filesIn(b.dataDir)).toEqual([]);
  });

  it("a vehicle deleted on one takes its photo files from the bucket, for both", async () => {
    expect((await storedKeys(a.files, "images/")).filter((k) => k.includes(photoKey))).toHaveLength(4);
    expect((await onB.fetch(`/api/admin/vehicles/${vehicleId}`, { method: "DELETE" })).status).toBe(204);
    expect((await storedKeys(a.files, "images/")).filter((k) => k.includes(photoKey))).toEqual([]);
    // A never read the photo through its own /images (B served it above): nothing of it anywhere.
    expect((await fetch(`${a.url}/images/${photoKey}-1200.jpg`)).status).toBe(404);
  });
});
