import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPostgresCluster } from "./postgres-cluster";

/**
 * Vitest global setup of vitest.postgres.config.ts: one throw-away cluster for the run. Test
 * workers inherit the admin URL and create a fresh database per test server (test-server.ts).
 */
export default async function setup() {
  const cluster = await startPostgresCluster();
  process.env.TEST_POSTGRES_ADMIN_URL = cluster.adminUrl;
  return () => {
    cluster.stop();
    // The DATA_DIRs made for this cluster's template databases (test-server.ts) go with it.
    for (const name of fs
      .readdirSync(os.tmpdir())
      .filter((n) => /^dealership-(seeded|migrated)-template-/.test(n) && n.endsWith(`-pg-${cluster.port}`))) {
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  };
}
