import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import { startTestServer, type TestServer } from "../support/test-server";
import { onPostgres } from "../support/server-database";

const run = promisify(execFile);
const UA = "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
});
afterAll(async () => {
  await server?.stop();
});

const counts = async (dataDir: string) => {
  const { db } = openDatabase(dataDir);
  const count = async (table: "vehicles" | "vehicleImages" | "visitors" | "services") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const result = {
    vehicles: await count("vehicles"),
    images: await count("vehicleImages"),
    visitors: await count("visitors"),
    services: await count("services"),
  };
  await db.destroy();
  return result;
};

// SQLite only: `npm run backup` copies the SQLite file (VACUUM INTO) and DATA_DIR; PostgreSQL is
// backed up with pg_dump/pg_restore plus DATA_DIR (README: Backups).
describe.skipIf(onPostgres)("npm run backup", () => {
  it("copies the database and files while the site is serving, and the copy restores", async () => {
    // Keep writing while the backup runs.
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        await fetch(`${server.url}/api/track-visitor`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": UA },
          body: JSON.stringify({ page: `/during-backup-${i}` }),
        });
      }
    })();
    const target = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
    const { stdout } = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/backup.ts", "--to", target], {
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
    writing = false;
    await writer;
    expect(stdout).toContain("Backup written to");
    // The copy holds every shopper's contacts: private to its user, as the server's own files are.
    expect(fs.statSync(path.join(target, "dealership.sqlite")).mode & 0o777).toBe(0o600);

    const live = await counts(server.dataDir);
    const backedUp = await counts(target);
    expect(backedUp.vehicles).toBe(live.vehicles);
    expect(backedUp.images).toBe(live.images);
    expect(backedUp.services).toBe(live.services);
    expect(backedUp.visitors).toBeGreaterThan(0);
    expect(backedUp.visitors).toBeLessThanOrEqual(live.visitors);

    // Restore = start a server on the backup folder.
    const restored = await startTestServer({ dataDir: target });
    try {
      const home = await fetch(`${restored.url}/`);
      expect(home.status).toBe(200);
      const { db } = openDatabase(target);
      const image = await db.selectFrom("vehicleImages").select("imageKey").executeTakeFirstOrThrow();
      await db.destroy();
      const photo = await fetch(`${restored.url}/images/${image.imageKey}-400.webp`);
      expect(photo.status).toBe(200);
      expect((await counts(target)).vehicles).toBe(live.vehicles);
    } finally {
      await restored.stop();
    }
  });
});
