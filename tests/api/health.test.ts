import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServerDatabase } from "../support/server-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const health = async () => {
  const res = await fetch(`${server.url}/healthz`);
  return { status: res.status, cache: res.headers.get("cache-control"), body: (await res.json()) as Record<string, unknown> };
};

describe("GET /healthz (for load balancers)", () => {
  it("answers 200 when the database is reachable, the migrations current and DATA_DIR writable", async () => {
    expect(await health()).toEqual({
      status: 200,
      cache: "no-store",
      body: { ok: true, database: "ok", migrations: "current", dataDir: "writable", storage: "ok" },
    });
    // The probe leaves nothing behind in DATA_DIR.
    expect(fs.readdirSync(server.dataDir).filter((n) => n.startsWith(".write-check"))).toEqual([]);
  });

  it("answers 503 when a migration is pending", async () => {
    const { db } = openServerDatabase(server);
    const [row] = await db
      .withoutPlugins()
      .selectFrom("kysely_migration" as never)
      .selectAll()
      .where("name" as never, "=", "006-web-vitals" as never)
      .execute();
    try {
      await db
        .withoutPlugins()
        .deleteFrom("kysely_migration" as never)
        .where("name" as never, "=", "006-web-vitals" as never)
        .execute();
      expect(await health()).toMatchObject({ status: 503, body: { ok: false, migrations: "pending" } });
    } finally {
      await db
        .withoutPlugins()
        .insertInto("kysely_migration" as never)
        .values(row as never)
        .execute();
      await db.destroy();
    }
    expect((await health()).status).toBe(200);
  });

  it("answers 503 when DATA_DIR cannot be written", async () => {
    const moved = `${server.dataDir}.moved`;
    fs.renameSync(server.dataDir, moved);
    fs.writeFileSync(server.dataDir, "");
    try {
      expect(await health()).toMatchObject({
        status: 503,
        body: { ok: false, database: "ok", dataDir: "not writable", storage: "unreachable" },
      });
    } finally {
      fs.rmSync(server.dataDir);
      fs.renameSync(moved, server.dataDir);
    }
    expect((await health()).status).toBe(200);
  });
});
