// npm run bench:push-delivery — how long from a shopper's POST to the push arriving for the salesperson's phone?
// Starts a throw-away PostgreSQL cluster, two production servers on one database (decisions 110, 112), and a
// push service on loopback (tests/support/loopback-push-service.ts: it verifies each request's VAPID JWT and
// decrypts its aes128gcm body with the device's private key). One salesperson (every lead is theirs) has one
// device subscribed. BENCH_LEADS (default 200) contact messages are posted to server A one at a time, each
// timed from just before the POST to the decrypted push arriving at the push service (the target: a
// push within 5 s). BENCH_NO_BUILD=1 measures the current build.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startLoopbackPushService } from "../tests/support/loopback-push-service";
import { createDatabase, startPostgresCluster } from "../tests/support/postgres-cluster";
import { createAccount, signIn } from "../tests/support/staff-sign-in";
import { startTestServer } from "../tests/support/test-server";
import { build, machine, median, writeResults } from "./support";

const LEADS = Number(process.env.BENCH_LEADS ?? 200);

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const round = (n: number) => Math.round(n * 10) / 10;

if (!process.env.BENCH_NO_BUILD) build();
const push = await startLoopbackPushService();
const cluster = await startPostgresCluster();
try {
  const databaseUrl = await createDatabase(cluster.adminUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-push-delivery-"));
  // PUSH_LOOPBACK lets the push service's http://127.0.0.1 endpoint through (the test servers run NODE_ENV=test).
  const env = { DATABASE_URL: databaseUrl, TRUST_PROXY: "true", PUSH_LOOPBACK: "true" };
  const a = await startTestServer({ dataDir, env });
  const b = await startTestServer({ dataDir, env });
  try {
    const email = "bench.push@example.com";
    const password = "long bench push passphrase";
    await createAccount(a, { email, name: "Bench Seller", role: "sales", password });
    const seller = await signIn(a, email, password);
    const device = push.newDevice();
    const subscribed = await fetch(`${a.url}/api/admin/push-subscriptions`, {
      method: "POST",
      headers: { Cookie: seller.cookie, Origin: a.url, "Content-Type": "application/json" },
      body: JSON.stringify({ endpoint: device.endpoint, keys: device.keys }),
    });
    if (subscribed.status !== 201) throw new Error(`subscription answered ${subscribed.status}`);

    const latencies: number[] = [];
    for (let i = 0; i < LEADS; i++) {
      const seen = push.pushesTo(device).length;
      const started = Date.now();
      const res = await fetch(`${a.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({
          firstName: `Push${i}`,
          lastName: "Lead",
          email: `bench.push.${i}.${Date.now()}@example.com`,
          phone: `(978) 555-${String(i).padStart(4, "0")}`,
          message: "Still available?",
          locale: "en",
        }),
      });
      if (res.status !== 201) throw new Error(`contact answered ${res.status}: ${await res.text()}`);
      const deadline = Date.now() + 10_000;
      while (push.pushesTo(device).length <= seen) {
        if (Date.now() > deadline) throw new Error(`no push for lead ${i} within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const arrived = push.pushesTo(device)[seen]!;
      if (!JSON.parse(arrived.plaintext).body.startsWith(`Push${i} `)) throw new Error(`push ${i} is another lead's: ${arrived.plaintext}`);
      latencies.push(arrived.at - started);
    }
    if (push.rejected.length) throw new Error(`the push service refused: ${JSON.stringify(push.rejected.slice(0, 3))}`);

    const loadAverage = os.loadavg().map(round);
    const result = {
      leads: LEADS,
      contactToDecryptedPush: {
        medianMs: round(median(latencies)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(Math.max(...latencies)),
      },
      loadAverage,
    };
    console.log(`Push delivery on PostgreSQL, two processes — ${machine()}, load average ${loadAverage.join(" ")}`);
    console.log(JSON.stringify(result, null, 2));
    console.log(`Results: ${writeResults("push-delivery", result)}`);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
} finally {
  cluster.stop();
  await push.close();
}
