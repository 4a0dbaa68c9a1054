import type { IncomingMessage, Server, ServerResponse } from "node:http";
import sharp from "sharp";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { assertStaffConfig, DEMO_OWNER, ensureFirstOwner } from "~/features/staff/first-owner.server";
import { scheduleFinancingRetention } from "~/features/financing/financing-retention.server";
import { startAlertRunner } from "~/features/alerts/alert-runner.server";
import type { AppContext } from "~/server/context.server";
import { connectDatabase, migrateToLatest, postgresPoolOf } from "~/server/db/database.server";
import { withStartupLock } from "~/server/db/dialect.server";
import { readEnv, type ServerEnv } from "~/server/env.server";
import { assertDataDirWritable } from "~/server/health.server";
import { keepNewFilesPrivate, tightenDataDir } from "~/server/file-modes.server";
import { createLogger } from "~/server/logger.server";
import { createMailTransport } from "~/server/mail/mail-transport.server";
import { isLocalOrigin, LOCAL_PUBLIC_URL_REASON } from "~/server/public-url.server";
import { startOutboxWorker } from "~/server/mail/outbox-worker.server";
import { createClock, serverNow } from "~/server/clock.server";
import { countOutbox, oldestDueUnsentMail } from "~/server/data/outbox.server";
import { waitingLeadsSummary } from "~/server/data/lead-alarms.server";
import { scheduleOrphanPhotoSweep } from "~/server/images/orphan-photos.server";
import { watchDatabase } from "~/server/metrics/metrics.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { setLeadAlarmMails, startLeadAlarm } from "~/server/leads/lead-alarm.server";
import { loadSecrets } from "~/server/secrets.server";
import { stopStaffEventHub } from "~/server/events/staff-event-hub.server";
import { startPushWorker } from "~/server/push/push-worker.server";
import { seedDemoData } from "~/server/seed/seed-demo.server";
import { seedDemoActivity } from "~/app/seed/demo-activity.server";
import { createHttpApp } from "./http-app.server";
import { moveTradeInPhotosOutOfPublicImages } from "~/features/trade-in/trade-in.server";

export type StartOptions = {
  env?: ServerEnv;
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  devMiddleware?: RequestHandler;
};

export type RunningServer = { server: Server; ctx: AppContext; url: string; close: () => Promise<void> };

/**
 * Opens the database, applies migrations, seeds demo data into an empty database,
 * and serves on env.port. SIGTERM/SIGINT finish in-flight requests, then close the database.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  // Before anything is written under DATA_DIR (server.js has built the site by now, whose files may be read by others).
  keepNewFilesPrivate();
  const env = options.env ?? readEnv();
  const logger = createLogger(env.logLevel);
  // libvips keeps up to 50 MB of finished operations by default, for programs that repeat them. This
  // server resizes each upload and renders each document once: the cache only held native memory
  // (decision 048).
  sharp.cache(false);
  assertStaffConfig(env);
  // Photos and encrypted documents live in DATA_DIR (shared storage when several processes run):
  // better no start than a server that accepts an upload it cannot keep.
  assertDataDirWritable(env.dataDir);
  tightenDataDir(env.dataDir);
  const { db, engine } = await connectDatabase(env);
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ engine, migrations: applied }, "migrations applied");
  const ctx: AppContext = { env, db, logger, secrets: loadSecrets(env.dataDir, env.masterKey), clock: createClock(env) };
  // A bucket out of reach does not stop the site: pages, the inventory and leads without files still
  // work, and uploads answer 503 until it is back (decision 123). The line says so at once.
  const files = fileStoreFor(ctx);
  if (files.driver === "s3") {
    await files.probe().then(
      () => logger.info({ storage: files.where }, "file storage reachable"),
      () =>
        logger.error({ storage: files.where }, "file storage unreachable at start-up: uploads and documents answer 503 until it is back"),
    );
  }
  watchDatabase({
    outbox: async () => ({ byStatus: await countOutbox(db), oldestDueAt: await oldestDueUnsentMail(db, serverNow(ctx)) }),
    leads: () => waitingLeadsSummary(db, serverNow(ctx)),
    pool: postgresPoolOf(db),
    now: () => serverNow(ctx),
  });
  // Not a refusal to start (the site itself works), but the vehicle feeds answer 503 until it is fixed.
  if (env.isProduction && isLocalOrigin(env.publicUrl)) logger.warn({ publicUrl: env.publicUrl }, LOCAL_PUBLIC_URL_REASON);
  // One process at a time (several may start together on one PostgreSQL database): the next one
  // finds the owner and the demo data there.
  await withStartupLock(db, async () => {
    // Refuses to start in production with no account and no ADMIN_EMAIL/ADMIN_PASSWORD.
    const firstOwner = await ensureFirstOwner(ctx);
    if (firstOwner !== "existing")
      logger.info({ email: firstOwner === "demo" ? DEMO_OWNER.email : env.adminEmail }, "first owner account created");
    // Shoppers' trade-in photos stored while they were public move to the private folder (decision 085).
    const movedPhotos = await moveTradeInPhotosOutOfPublicImages(ctx);
    if (movedPhotos) logger.info({ photos: movedPhotos }, "trade-in photos moved out of the public images");
    if (env.seedDemo) {
      const seeded = await seedDemoData(ctx);
      if (seeded.vehicles || seeded.services) logger.info(seeded, "demo data seeded");
      // Staff, leads, timelines and visits: only with the demo inventory, into a database that had none.
      const activity = seeded.vehicles && env.seedDemoActivity ? await seedDemoActivity(ctx) : null;
      if (activity) logger.info(activity, "demo activity seeded");
    }
  });
  await scheduleFinancingRetention(ctx);
  const stopPhotoSweep = scheduleOrphanPhotoSweep(ctx);
  const mailTransport = createMailTransport(env);
  if (mailTransport.mode === "eml") logger.info("SMTP_URL not set: mails are written as .eml files under DATA_DIR/mail");
  const outboxWorker = startOutboxWorker(ctx, { transport: mailTransport, now: ctx.clock });
  // Pushes to staff phones (decision 112): a second a poll, woken at once by this process's commits.
  const pushWorker = startPushWorker(ctx);
  // Alarms are minutes apart; a test's moved clock (TEST_CLOCK) is seen within a fraction of a second.
  // Tasks' due notices (decision 126) run in the same sweep whatever LEAD_ALARM says.
  setLeadAlarmMails(env.leadAlarm);
  const leadAlarm = startLeadAlarm(ctx, { pollMs: env.testClock ? 200 : 15_000, escalations: env.leadAlarm });
  // Saved vehicles' and searches' alerts (docs/behaviour.md §21): matched after each vehicle change and
  // every minute, digests written as they come due; under TEST_CLOCK within a fraction of a second.
  const alerts = startAlertRunner(ctx, env.testClock ? { pollMs: 200, sweepMs: 1_000 } : { pollMs: 15_000, sweepMs: 60_000 });
  const app = createHttpApp({ ctx, build: options.build, clientDir: options.clientDir, devMiddleware: options.devMiddleware });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(env.port, env.host, () => resolve(s));
    s.once("error", reject);
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.port;
  const url = `http://localhost:${port}`;
  // Always announced, whatever LOG_LEVEL: operators and the test harness wait for this line.
  logger.child({}, { level: "info" }).info({ url }, "listening");

  let closing: Promise<void> | null = null;
  // Once stopping, every response closes its connection: a kept-alive one would otherwise carry the next
  // request (a browser's EventSource reconnecting, say) into a process that is going away.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.setHeader("Connection", "close");
  });
  const close = () =>
    // Open event streams end first (the browsers reconnect elsewhere, and a stopped hub ends their reconnects
    // at once), so they do not hold the close up.
    (closing ??= stopStaffEventHub(ctx)
      .then(
        () =>
          new Promise<void>((resolve) => {
            // A connection whose last response is still being written becomes idle a moment later: closed then.
            const idle = setInterval(() => server.closeIdleConnections(), 100);
            server.close(() => {
              clearInterval(idle);
              resolve();
            });
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), 10_000).unref();
          }),
      )
      .then(() => Promise.all([leadAlarm.stop(), alerts.stop(), outboxWorker.stop(), pushWorker.stop(), stopPhotoSweep()]))
      .then(() => db.destroy()));
  return { server, ctx, url, close };
}
