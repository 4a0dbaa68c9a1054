// `npm run seed -- --vehicles N`: adds N generated demo vehicles (photos included) to DATA_DIR's database,
// for load and performance work. Without --vehicles it seeds the demo (inventory, staff, leads, visits) into an empty database.
import { parseArgs } from "node:util";
import type { AppContext } from "~/server/context.server";
import { countVehicles } from "~/server/data/vehicles.server";
import { connectDatabase, migrateToLatest } from "~/server/db/database.server";
import { readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { loadSecrets } from "~/server/secrets.server";
import { addDemoVehicles, seedDemoData } from "~/server/seed/seed-demo.server";
import { keepNewFilesPrivate } from "~/server/file-modes.server";
import { seedDemoActivity } from "~/app/seed/demo-activity.server";
import { ensureFirstOwner } from "~/features/staff/first-owner.server";

// What this writes is private to its user, as every entry point's files are, whatever the shell's umask.
keepNewFilesPrivate();

const MAX_GENERATED = 5000;
const { values } = parseArgs({ options: { vehicles: { type: "string" } } });
const env = readEnv();
// Production never gets demo data (decision 118), by the server's start or by hand.
if (env.isProduction) {
  console.error("npm run seed writes demo data: refused with NODE_ENV=production");
  process.exit(2);
}
const { db } = await connectDatabase(env);
await migrateToLatest(db);
const ctx: AppContext = { env, db, logger: createLogger("info"), secrets: loadSecrets(env.dataDir, env.masterKey) };

if (values.vehicles !== undefined) {
  const n = Number(values.vehicles);
  if (!Number.isInteger(n) || n < 1 || n > MAX_GENERATED) {
    console.error(`--vehicles takes a whole number from 1 to ${MAX_GENERATED}`);
    process.exit(2);
  }
  const before = await countVehicles(db);
  const started = Date.now();
  await addDemoVehicles(ctx, n, before);
  console.log(`Added ${n} vehicles to ${env.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s (now ${before + n}).`);
} else {
  // As the server's start does: the demo owner first (the demo's staff work beside them), then the demo.
  await ensureFirstOwner(ctx);
  const seeded = await seedDemoData(ctx);
  console.log({ ...seeded, activity: seeded.vehicles && env.seedDemoActivity ? await seedDemoActivity(ctx) : null });
}
await db.destroy();
