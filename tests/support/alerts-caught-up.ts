import fs from "node:fs";
import path from "node:path";
import { docFeeCents, listedVehicleFacts } from "~/features/alerts/alert-vehicles.server";
import { TEST_CLOCK_FILE } from "~/server/clock.server";
import { changedVehicleItems } from "~/server/data/alert-items.server";
import { listAlertPublicVehicleIds } from "~/server/data/alert-public-vehicles.server";
import { dueAlertDigests } from "~/server/data/alert-subscribers.server";
import type { Db } from "~/server/db/database.server";
import { withServerDatabase } from "./server-database";

/** The instant a TEST_CLOCK server reads now: its DATA_DIR's clock file, or the system's time without one. */
function serverClockOf(dataDir: string): Date {
  try {
    const instant = Date.parse(fs.readFileSync(path.join(dataDir, TEST_CLOCK_FILE), "utf8").trim());
    if (!Number.isNaN(instant)) return new Date(instant);
  } catch {
    /* no clock file: the system's time */
  }
  return new Date();
}

/** What the alerts still have to do at `now`, in the matcher's and the digests' own queries; empty when nothing. */
async function alertWorkLeft(db: Db, now: Date, mail: boolean): Promise<string[]> {
  const left: string[] = [];
  const changed = await changedVehicleItems(db, await docFeeCents(db));
  if (changed.length) left.push(`${changed.length} saved vehicles' changes not matched`);
  const known = await listAlertPublicVehicleIds(db);
  const fresh = (await listedVehicleFacts(db)).filter((v) => !known.has(v.id));
  if (fresh.length) left.push(`${fresh.length} newly listed vehicles not matched against the searches`);
  const due = await dueAlertDigests(db, now);
  if (due.length) left.push(`${due.length} digests due and not written`);
  if (mail) {
    const unsent = await db
      .selectFrom("outbox")
      .select("id")
      .where((eb) =>
        eb.or([eb("status", "=", "sending"), eb.and([eb("status", "=", "queued"), eb("nextAttemptAt", "<=", now.toISOString())])]),
      )
      .execute();
    if (unsent.length) left.push(`${unsent.length} mails due and not sent`);
  }
  return left;
}

/**
 * Waits until a TEST_CLOCK server's alerts (decision 117) have done everything the database says is
 * theirs to do at the server's clock: every saved vehicle's change and every newly listed vehicle
 * matched, no digest left due and, with `mail` (the default, for a test whose SMTP server is up), every
 * mail due sent. A vehicle change is then matched at the instant it was made, before a test moves the
 * clock on, and a test that looks for a mail that must not come looks once it would have come. A fixed
 * pause of a few of the runner's ticks was both slower and, on a loaded machine, not certain to cover them.
 *
 * It says nothing about work those queries cannot see (a vehicle matched again by mistake, say): a test
 * about that still gives the runner a few ticks.
 */
export async function alertsCaughtUp(
  server: { dataDir: string; databaseUrl?: string },
  { mail = true, timeoutMs = 20_000 }: { mail?: boolean; timeoutMs?: number } = {},
): Promise<void> {
  await withServerDatabase(server, async (db) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const left = await alertWorkLeft(db, serverClockOf(server.dataDir), mail);
      if (!left.length) return;
      if (Date.now() > end) throw new Error(`The alerts did not catch up within ${timeoutMs} ms: ${left.join("; ")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}
