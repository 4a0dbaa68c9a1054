import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertVehicle } from "~/server/data/vehicles.server";
import { migrateToLatest, openDatabase } from "~/server/db/database.server";
import { readEnv } from "~/server/env.server";
import { PUBLIC_IMAGES, storeImage, TRADE_IN_PHOTOS, writePreparedImage, prepareImage } from "~/server/images/image-store.server";
import { removeOrphanPhotos } from "~/server/images/orphan-photos.server";
import { createLogger } from "~/server/logger.server";
import { loadSecrets } from "~/server/secrets.server";
import { createFileStore, StorageUnavailableError, type FileStore } from "~/server/storage/file-store.server";
import { createBucket, s3EnvFor, startS3Server, type S3TestServer } from "../support/s3-server";
import { CIVIC_2019 } from "../support/civic-data-dir";
import { onPostgres } from "../support/server-database";
import { storedKeys } from "../support/test-storage";

/**
 * The file store's two drivers against the same contract (decision 120): the folder, and a bucket of a
 * real S3-protocol server on loopback (decision 124); and `npm run storage`, which moves the site's files
 * from one to the other, stopped half-way and run again.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
let s3: S3TestServer;
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "dealership-storage-"));
const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

// Nothing here depends on the database engine: run on the SQLite pass only (the PostgreSQL pass re-runs tests/api).
describe.skipIf(onPostgres)("the file store", () => {
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  async function bucketStore(bucket: string, dataDir = tmp(), overrides: Record<string, string> = {}): Promise<FileStore> {
    await createBucket(s3.endpoint, bucket);
    return createFileStore(readEnv({ DATA_DIR: dataDir, ...s3EnvFor(s3.endpoint, bucket), ...overrides }).storage, dataDir);
  }

  describe.each([
    ["the folder", async () => createFileStore({ driver: "local" }, tmp())],
    ["a bucket", () => bucketStore(`contract-${crypto.randomBytes(4).toString("hex")}`)],
  ] as const)("the file store on %s", (_name, open) => {
    it("puts, gets, lists, checks and removes whole files by key", async () => {
      const store = await open();
      const a = crypto.randomBytes(70_000);
      const b = Buffer.from("v1.sealed.document");
      expect(await store.get("images/nothing-1200.jpg")).toBeNull();
      expect(await store.exists("images/nothing-1200.jpg")).toBe(false);
      expect(await store.sha256("images/nothing-1200.jpg")).toBeNull();
      await store.put("images/a-1200.jpg", a, "image/jpeg");
      await store.put("private/trade-in-photos/b-400.webp", b);
      await store.put("private/c.enc", b);
      expect((await store.get("images/a-1200.jpg"))!.equals(a)).toBe(true);
      expect(await store.exists("private/c.enc")).toBe(true);
      expect(await store.sha256("images/a-1200.jpg")).toBe(sha256(a));
      expect(await storedKeys(store, "private/")).toEqual(["private/c.enc", "private/trade-in-photos/b-400.webp"]);
      const listing = [];
      for await (const file of store.list("images/")) listing.push(file);
      const [listed] = listing;
      expect(listed).toMatchObject({ key: "images/a-1200.jpg", size: a.length });
      expect(Math.abs(listed!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
      // A second put replaces the file whole.
      await store.put("images/a-1200.jpg", b);
      expect((await store.get("images/a-1200.jpg"))!.equals(b)).toBe(true);
      await store.remove(["images/a-1200.jpg", "private/c.enc", "private/never-there.enc"]);
      expect(await storedKeys(store, "images/")).toEqual([]);
      expect(await storedKeys(store, "private/")).toEqual(["private/trade-in-photos/b-400.webp"]);
    });

    it("refuses keys that could leave their folder or name something unexpected", async () => {
      const store = await open();
      for (const key of [
        "../etc/passwd",
        "images/../master.key",
        "/images/a.jpg",
        "images/",
        "images/.hidden",
        "master.key",
        "Images/a.jpg",
      ]) {
        await expect(store.put(key, Buffer.from("x")), key).rejects.toThrow("Not a file key");
        await expect(store.get(key), key).rejects.toThrow("Not a file key");
      }
    });
  });

  it("a bucket that refuses the credentials or cannot be reached is a StorageUnavailableError, and /healthz's probe fails", async () => {
    const wrongSecret = await bucketStore("wrong-secret", tmp(), { S3_SECRET_ACCESS_KEY: "not-the-secret" });
    // The server checks every request's signature: a wrong secret is refused, not ignored.
    await expect(wrongSecret.put("images/a-1200.jpg", Buffer.from("x"))).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(wrongSecret.probe()).rejects.toBeInstanceOf(StorageUnavailableError);
    const nobody = createFileStore(readEnv({ DATA_DIR: tmp(), ...s3EnvFor("http://127.0.0.1:9", "no-server") }).storage, tmp());
    const started = Date.now();
    await expect(nobody.get("images/a-1200.jpg")).rejects.toThrow(/File storage unavailable \(get\)/);
    // Refused at once (nothing listens there), not after the SDK's default minutes.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await (await bucketStore("probe-ok")).probe()).toBeUndefined();
  });

  describe("npm run storage (folder → bucket → folder)", () => {
    const run = (args: string[], env: Record<string, string>, onLine?: (line: string, child: ReturnType<typeof spawn>) => void) =>
      new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/storage.ts", ...args], {
          cwd: root,
          env: { ...process.env, ...env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        let pending = "";
        for (const stream of [child.stdout!, child.stderr!])
          stream.on("data", (chunk: Buffer) => {
            out += chunk.toString();
            pending += chunk.toString();
            const lines = pending.split("\n");
            pending = lines.pop() ?? "";
            for (const line of lines) onLine?.(line, child);
          });
        child.once("exit", (code, signal) => resolve({ code, signal, out }));
      });

    it("copies every file, resumes after a stop half-way, verifies by SHA-256, and moves them back, byte for byte", async () => {
      // A DATA_DIR as a server leaves it: six photos (four variants each), a trade-in photo and a sealed document.
      const dataDir = tmp();
      const folder = createFileStore({ driver: "local" }, dataDir);
      for (let i = 0; i < 6; i++) await storeImage(folder, await distinctPhoto(i), { refuseWhenBusy: false });
      await writePreparedImage(folder, TRADE_IN_PHOTOS, await prepareImage(await distinctPhoto(9), { refuseWhenBusy: false }));
      await folder.put("private/0b7f6a52-0000-4000-8000-000000000000-license.enc", Buffer.from("v1.abc.def.ghi"));
      const originals = new Map<string, string>();
      for (const prefix of ["images/", "private/"])
        for (const key of await storedKeys(folder, prefix)) originals.set(key, sha256((await folder.get(key))!));
      expect(originals.size).toBe(6 * 4 + 4 + 1);

      const bucket = "moved-files";
      await createBucket(s3.endpoint, bucket);
      // The command reads the bucket's variables as the server does, whatever STORAGE says.
      const env: Record<string, string> = { ...s3EnvFor(s3.endpoint, bucket), DATA_DIR: dataDir, STORAGE: "local" };
      // Stopped after the fifth file, as a killed command or a lost connection would stop it.
      let copiedLines = 0;
      const stopped = await run(["copy", "--to", "s3"], env, (line, child) => {
        if (line.startsWith("copied: ") && ++copiedLines === 5) child.kill("SIGKILL");
      });
      expect(stopped.signal).toBe("SIGKILL");
      const inBucket = await bucketStore(bucket, dataDir);
      const partly = await storedKeys(inBucket, "images/");
      expect(partly.length).toBeGreaterThanOrEqual(5);
      expect(partly.length).toBeLessThan(originals.size);

      // Run again: what is there with the right checksum is skipped, the rest copied and read back.
      const resumed = await run(["copy", "--to", "s3"], env);
      expect(resumed.code, resumed.out).toBe(0);
      const already = resumed.out.split("\n").filter((l) => l.startsWith("already there: ")).length;
      const copied = resumed.out.split("\n").filter((l) => l.startsWith("copied: ")).length;
      expect(already).toBeGreaterThanOrEqual(5);
      expect(already + copied).toBe(originals.size);
      expect(resumed.out).toContain(`Done: ${copied} copied and verified, ${already} already there.`);
      for (const [key, hash] of originals) expect(sha256((await inBucket.get(key))!), key).toBe(hash);
      // A copy leaves the folder as it was.
      expect(await storedKeys(folder, "images/")).toHaveLength(6 * 4);

      // A file changed in the bucket since (or damaged) is copied again, not taken as there.
      await inBucket.put("private/0b7f6a52-0000-4000-8000-000000000000-license.enc", Buffer.from("damaged"));
      const again = await run(["copy", "--to", "s3"], env);
      expect(again.out).toContain("copied: private/0b7f6a52-0000-4000-8000-000000000000-license.enc");
      expect(again.out).toContain(`Done: 1 copied and verified, ${originals.size - 1} already there.`);

      // And back into an empty DATA_DIR, removing them from the bucket.
      const back = tmp();
      const returned = await run(["copy", "--to", "local", "--remove-source"], { ...env, DATA_DIR: back });
      expect(returned.code, returned.out).toBe(0);
      expect(returned.out).toContain(`${originals.size} removed from bucket ${bucket}`);
      const backFolder = createFileStore({ driver: "local" }, back);
      for (const [key, hash] of originals) expect(sha256((await backFolder.get(key))!), key).toBe(hash);
      expect(await storedKeys(inBucket, "images/")).toEqual([]);
      expect(await storedKeys(inBucket, "private/")).toEqual([]);
      // Files copied into DATA_DIR are the user's only, as the server's are.
      const [someKey] = originals.keys();
      expect(fs.statSync(path.join(back, someKey!)).mode & 0o077).toBe(0);
    }, 120_000);

    it("refuses without a bucket or with an unknown direction", async () => {
      const noBucket = await run(["copy", "--to", "s3"], { DATA_DIR: tmp() });
      expect(noBucket.code).toBe(1);
      expect(noBucket.out).toContain("S3_BUCKET must be set when STORAGE=s3");
      const unknown = await run(["copy", "--to", "nfs"], { DATA_DIR: tmp() });
      expect(unknown.code).toBe(2);
      expect(unknown.out).toContain("usage: npm run storage -- copy --to s3|local [--remove-source]");
    });
  });

  describe("the sweep of photo files nothing shows (decision 123)", () => {
    it("removes, on a bucket, the files of photos no vehicle or request shows once they are older than the grace, and keeps the rest", async () => {
      const dataDir = tmp();
      const files = await bucketStore("sweep", dataDir);
      const { db } = openDatabase(dataDir);
      try {
        await migrateToLatest(db);
        const ctx = {
          env: readEnv({ DATA_DIR: dataDir, ...s3EnvFor(s3.endpoint, "sweep") }),
          db,
          logger: createLogger("silent"),
          secrets: loadSecrets(dataDir),
        };
        const shown = await storeImage(files, await distinctPhoto(1), { refuseWhenBusy: false });
        const orphan = await storeImage(files, await distinctPhoto(2), { refuseWhenBusy: false });
        const privateOrphan = await prepareImage(await distinctPhoto(3), { refuseWhenBusy: false });
        await writePreparedImage(files, TRADE_IN_PHOTOS, privateOrphan);
        await insertVehicle(db, { ...CIVIC_2019, images: [shown] });
        // Younger than the grace: another process may be about to save them.
        expect(await removeOrphanPhotos(ctx, new Date(Date.now() - 60_000))).toBe(0);
        expect(await removeOrphanPhotos(ctx, new Date(Date.now() + 60_000))).toBe(2);
        const left = await storedKeys(files, `${PUBLIC_IMAGES}/`);
        expect(left).toHaveLength(4);
        expect(left.every((key) => key.includes(shown.key))).toBe(true);
        expect(left.some((key) => key.includes(orphan.key))).toBe(false);
        expect(await storedKeys(files, `${TRADE_IN_PHOTOS}/`)).toEqual([]);
      } finally {
        await db.destroy();
      }
    });
  });
});

/** A small JPEG of its own colour, so each is a different photo (files are named by content). */
async function distinctPhoto(i: number): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: 200 } } })
    .jpeg()
    .toBuffer();
}
