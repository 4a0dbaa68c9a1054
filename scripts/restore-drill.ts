// `npm run restore-drill`: the backup and restore of docs/deploy.md, run end to end on this machine
// (decision 124): a throw-away PostgreSQL cluster and S3-protocol server on loopback, the site on them,
// a backup (pg_dump + a copy of the bucket), the database and the bucket lost, the restore, and checks
// that the restored site has every vehicle, photo and sealed document. Needs `npm run build` first.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { validApplicationInput } from "~/features/financing/financing-test-data";
import { postgresBinDir, startPostgresCluster, createDatabase, urlOf } from "../tests/support/postgres-cluster";
import { createBucket, s3EnvFor, startS3Server } from "../tests/support/s3-server";
import { signInOwner } from "../tests/support/staff-sign-in";
import { startTestServer } from "../tests/support/test-server";
import { storedKeys } from "../tests/support/test-storage";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = Date.now();
const say = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const bin = postgresBinDir();
if (!bin) throw new Error("PostgreSQL's binaries are not installed (apt-get install postgresql)");
const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");
const storage = (args: string[], env: Record<string, string>) =>
  execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/storage.ts", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  })
    .trim()
    .split("\n")
    .pop()!;

const cluster = await startPostgresCluster();
const s3 = await startS3Server();
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-backup-"));
try {
  say(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${cluster.port}, S3 server on ${s3.endpoint}`);
  await createBucket(s3.endpoint, "dealer-files");
  const masterKey = crypto.randomBytes(32).toString("hex");
  const databaseUrl = await createDatabase(cluster.adminUrl);
  const env = { ...s3EnvFor(s3.endpoint, "dealer-files"), MASTER_KEY: masterKey, DATABASE_URL: databaseUrl };
  const site = await startTestServer({ env: { ...env, SEED_DEMO: "true" } });
  // The owner enrolls here; the restored site (same DATA_DIR, restored accounts) signs them in again below.
  await signInOwner(site);
  const license = await sharp({ create: { width: 600, height: 380, channels: 3, background: "#88aacc" } })
    .jpeg()
    .toBuffer();
  const signature = await sharp({ create: { width: 80, height: 30, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  const applied = await fetch(`${site.url}/api/financing`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      validApplicationInput({
        signature: `data:image/png;base64,${signature.toString("base64")}`,
        driverLicense: `data:image/jpeg;base64,${license.toString("base64")}`,
      }),
    ),
  });
  const { id: applicationId } = (await applied.json()) as { id: string };
  const vehicles = (await (await fetch(`${site.url}/api/vehicles`)).json()) as { images: string[] }[];
  const files = new Map<string, string>();
  for (const prefix of ["images/", "private/"])
    for (const key of await storedKeys(site.files, prefix)) files.set(key, sha256((await site.files.get(key))!));
  say(`site running: ${vehicles.length} vehicles, a financing application, ${files.size} files in the bucket`);
  await site.stop();

  // The backup: the database with pg_dump, the bucket's files copied out (on a provider, bucket versioning too).
  const dump = path.join(backupDir, "dealer.dump");
  execFileSync(path.join(bin, "pg_dump"), ["--format=custom", `--file=${dump}`, databaseUrl]);
  say(`pg_dump --format=custom: ${(fs.statSync(dump).size / 1024).toFixed(0)} KB`);
  say(
    `npm run storage -- copy --to local (DATA_DIR=backup/files): ${storage(["copy", "--to", "local"], { ...env, DATA_DIR: path.join(backupDir, "files") })}`,
  );

  // The disaster: the database dropped, the bucket emptied.
  execFileSync(path.join(bin, "dropdb"), [`--maintenance-db=${cluster.adminUrl}`, new URL(databaseUrl).pathname.slice(1)]);
  await site.files.remove([...files.keys()]);
  say(`database dropped, bucket emptied (${(await storedKeys(site.files, "images/")).length} photos left)`);

  // The restore: a new database from the dump, the files back into the bucket, the same MASTER_KEY.
  const restoredName = "dealer_restored";
  execFileSync(path.join(bin, "createdb"), [`--maintenance-db=${cluster.adminUrl}`, "--locale=C", "--template=template0", restoredName]);
  const restoredUrl = urlOf(cluster.adminUrl, restoredName);
  execFileSync(path.join(bin, "pg_restore"), ["--no-owner", `--dbname=${restoredUrl}`, dump]);
  say("createdb + pg_restore --no-owner: done");
  say(
    `npm run storage -- copy --to s3 (DATA_DIR=backup/files): ${storage(["copy", "--to", "s3"], { ...env, DATA_DIR: path.join(backupDir, "files") })}`,
  );

  // The restored site: same vehicles, every file byte for byte, the sealed licence readable by staff.
  const restored = await startTestServer({ dataDir: site.dataDir, env: { ...env, DATABASE_URL: restoredUrl } });
  try {
    const again = (await (await fetch(`${restored.url}/api/vehicles`)).json()) as { images: string[] }[];
    if (again.length !== vehicles.length) throw new Error(`restored ${again.length} vehicles of ${vehicles.length}`);
    for (const [key, hash] of files) {
      const bytes = await restored.files.get(key);
      if (!bytes || sha256(bytes) !== hash) throw new Error(`${key} was not restored as it was`);
    }
    let photos = 0;
    for (const url of again.flatMap((v) => v.images)) {
      const res = await fetch(`${restored.url}${url}`);
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      photos++;
    }
    const document = await fetch(`${restored.url}/api/admin/financing/${applicationId}/documents/driverLicense`, {
      headers: { cookie: (await signInOwner(restored)).cookie },
    });
    if (!Buffer.from(await document.arrayBuffer()).equals(license)) throw new Error("the restored licence is not the one sent");
    say(
      `restored site: ${again.length} vehicles, ${photos} photos served, ${files.size} files identical (SHA-256), the licence decrypted for staff`,
    );
  } finally {
    await restored.stop();
  }
  say("restore drill passed");
} finally {
  await s3.stop();
  cluster.stop();
  fs.rmSync(backupDir, { recursive: true, force: true });
  fs.rmSync(s3.dir, { recursive: true, force: true });
}
