import { startPostgresCluster } from "./postgres-cluster";

/**
 * Vitest global setup of vitest.postgres.config.ts: one throw-away cluster for the run. Test
 * workers inherit the admin URL and create a fresh database per test server (test-server.ts).
 */
export default async function setup() {
  const cluster = await startPostgresCluster();
  process.env.TEST_POSTGRES_ADMIN_URL = cluster.adminUrl;
  return () => cluster.stop();
}
