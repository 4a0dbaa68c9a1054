import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF } from "~/app/seed/demo-people.server";
import { verifyPassword } from "~/server/auth/password-hash.server";
import { passwordPolicyError } from "~/server/auth/password-policy.server";
import type { AppContext } from "~/server/context.server";
import { countWaitingLeads } from "~/server/data/leads.server";
import { listVehicles } from "~/server/data/vehicles.server";
import type { Db } from "~/server/db/database.server";
import { readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { loadSecrets } from "~/server/secrets.server";
import { loadFinancingApplication } from "~/features/financing/financing.server";
import { DEMO_OWNER } from "~/features/staff/first-owner.server";
import { addDays, dealerToday, endOfDealerDay, startOfDealerDay } from "~/shared/lib/dealer-clock";
import { sourceLabel, type LeadSource } from "~/shared/leads/lead-source";
import { LEAD_TYPES } from "~/shared/leads/lead-types";
import { openServerDatabase } from "../support/server-database";
import { postJson, signIn } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The demo (decision 118): a server started on an empty database outside production
 * seeds something for every staff screen, through the same services the routes call; production never
 * seeds. Runs on SQLite and (vitest.postgres.config.ts) PostgreSQL.
 */
let server: TestServer;
let db: Db;
let seededAt: Date;

/** The whole demo (32 vehicles' photos, then the activity) on two busy cores takes longer than a plain start. */
const DEMO_START_MS = 600_000;

beforeAll(async () => {
  seededAt = new Date();
  server = await startTestServer({ env: { SEED_DEMO: "true" }, startTimeoutMs: DEMO_START_MS });
  ({ db } = openServerDatabase(server));
}, DEMO_START_MS + 10_000);

afterAll(async () => {
  await db?.destroy();
  await server?.stop();
});

const parseSource = (json: string | null): LeadSource | null => (json ? (JSON.parse(json) as LeadSource) : null);

describe("the demo seed on an empty database", () => {
  it("says in the log that it seeded, and how long the demo activity took", () => {
    const line = server.logs.find((l) => l.includes('"msg":"demo activity seeded"'));
    expect(line).toBeDefined();
    const activity = JSON.parse(line!) as { staff: number; leads: number; visits: number; ms: number };
    expect(activity.staff).toBe(5);
    expect(activity.leads).toBeGreaterThanOrEqual(38);
    expect(activity.visits).toBeGreaterThan(300);
  });

  it("has staff for every role, with the languages they speak and known passwords the policy accepts; each enrolls at first sign-in", async () => {
    const accounts = await db.selectFrom("staffAccounts").selectAll().execute();
    const roles = accounts.map((a) => a.role).sort();
    expect(roles).toEqual(["finance", "owner", "sales", "sales", "service"]);
    for (const person of DEMO_STAFF) {
      const account = accounts.find((a) => a.email === person.email)!;
      expect(account.role).toBe(person.role);
      expect(account.languages).toBe(person.languages.join(","));
      expect(account.totpEnrolledAt).toBeNull();
      expect(passwordPolicyError(person.password, person.email)).toBeNull();
      expect(await verifyPassword(person.password, account.passwordHash!)).toBe(true);
      // The hash kept for production's cost is the same password's.
      expect(await verifyPassword(person.password, person.hash)).toBe(true);
    }
    expect(new Set(accounts.flatMap((a) => a.languages.split(",")))).toEqual(new Set(["en", "es", "pt"]));
    for (const { email, password } of [DEMO_OWNER, ...DEMO_STAFF]) {
      const login = await postJson(server, "/api/admin/login", { email, password });
      expect(login.status, email).toBe(200);
      expect(((await login.json()) as { next: string }).next).toBe("enroll");
    }
  });

  it("has about forty leads of every kind, each kind in every state and language, from Google, Facebook and direct", async () => {
    const leads = await db.selectFrom("leads").selectAll().execute();
    expect(leads.length).toBeGreaterThanOrEqual(38);
    expect(leads.length).toBeLessThanOrEqual(45);
    for (const type of LEAD_TYPES) {
      const ofType = leads.filter((l) => l.type === type);
      expect(new Set(ofType.map((l) => l.locale)), type).toEqual(new Set(["en", "es", "pt"]));
      const waiting = ofType.filter((l) => l.status === "new" && !l.firstResponseAt);
      expect(waiting.length, `${type} waiting`).toBeGreaterThanOrEqual(2);
      expect(ofType.filter((l) => l.status !== "new" && l.firstResponseAt).length, `${type} answered`).toBeGreaterThanOrEqual(1);
      expect(ofType.filter((l) => l.status === "closed").length, `${type} closed`).toBeGreaterThanOrEqual(1);
      // Every lead has someone to answer it.
      expect(ofType.every((l) => l.assigneeId)).toBe(true);
    }
    const sources = new Set(leads.map((l) => sourceLabel(parseSource(l.source))));
    for (const source of ["google", "facebook", "direct"]) expect(sources).toContain(source);
    // Made-up shoppers at example.org (never delivered), none at a real domain.
    expect(leads.every((l) => l.email.endsWith("@example.org"))).toBe(true);
  });

  it("has overdue leads (past their response time) beside ones that just arrived", async () => {
    const now = new Date();
    const { waiting, overdue } = await countWaitingLeads(db, null, now);
    expect(overdue).toBeGreaterThanOrEqual(1);
    expect(waiting).toBeGreaterThan(overdue);
    // The same as counting the leads themselves (SQLite reads the partial index by name: decision 131).
    const open = await db
      .selectFrom("leads")
      .select(["responseDueAt", "escalatedAt"])
      .where("status", "=", "new")
      .where("firstResponseAt", "is", null)
      .execute();
    expect(waiting).toBe(open.length);
    expect(overdue).toBe(
      open.filter((l) => l.escalatedAt !== null || (l.responseDueAt !== null && l.responseDueAt <= now.toISOString())).length,
    );
    const fresh = await db.selectFrom("leads").select("createdAt").where("status", "=", "new").execute();
    expect(fresh.some((l) => now.getTime() - Date.parse(l.createdAt) < 60 * 60_000)).toBe(true);
  });

  it("gives customers timelines: replies, calls, notes, tasks, assignments and status changes; tasks due today and overdue", async () => {
    const kinds = new Set((await db.selectFrom("leadEvents").select("kind").execute()).map((e) => e.kind));
    for (const kind of ["reply", "call", "note", "task", "assigned", "status"]) expect(kinds).toContain(kind);
    const tasks = await db.selectFrom("tasks").selectAll().where("doneAt", "is", null).execute();
    const today = dealerToday(new Date());
    const dueToday = tasks.filter(
      (t) => Date.parse(t.dueAt) >= startOfDealerDay(today).getTime() && Date.parse(t.dueAt) < endOfDealerDay(new Date()).getTime(),
    );
    expect(dueToday.length).toBeGreaterThanOrEqual(1);
    expect(tasks.filter((t) => Date.parse(t.dueAt) < startOfDealerDay(today).getTime()).length).toBeGreaterThanOrEqual(1);
    // One lead handed from one salesperson to the other by the owner.
    const reassigned = await db
      .selectFrom("leadEvents")
      .select("data")
      .where("kind", "=", "assigned")
      .where("staffId", "is not", null)
      .execute();
    expect(reassigned.length).toBeGreaterThanOrEqual(1);
  });

  it("has trade-ins with photos, one with an offer; deal sheets, one revised; bookings this week", async () => {
    const tradeIns = await db.selectFrom("tradeIns").selectAll().execute();
    expect(tradeIns.length).toBeGreaterThanOrEqual(6);
    expect(tradeIns.every((t) => (JSON.parse(t.photos) as unknown[]).length >= 1)).toBe(true);
    expect(tradeIns.filter((t) => t.offerLow !== null).length).toBe(1);
    const deals = await db.selectFrom("deals").selectAll().execute();
    expect(deals.filter((d) => d.replacedById !== null).length).toBeGreaterThanOrEqual(1);
    expect(deals.filter((d) => d.replacedById === null).length).toBeGreaterThanOrEqual(7);
    const today = dealerToday(seededAt);
    const bookings = await db.selectFrom("bookings").select("bookingDate").execute();
    expect(bookings.length).toBeGreaterThanOrEqual(6);
    expect(bookings.every((b) => b.bookingDate >= today && b.bookingDate <= addDays(today, 6))).toBe(true);
  });

  it("stores financing applications encrypted as usual, with fictitious 9xx SSNs", async () => {
    const rows = await db.selectFrom("financingApplications").selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const ctx: AppContext = {
      env: { ...readEnv({ DATA_DIR: server.dataDir }), dataDir: server.dataDir },
      db,
      logger: createLogger("silent"),
      secrets: loadSecrets(server.dataDir, ""),
    };
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toMatch(/9\d\d-\d\d-\d{4}/);
      const application = await loadFinancingApplication(ctx, row.id, { documents: false });
      expect(application!.applicant.ssn).toMatch(/^9\d\d-\d\d-\d{4}$/);
    }
  });

  it("has thirty days of visitor data and a real price drop", async () => {
    const visits = await db.selectFrom("visitors").select("timestamp").execute();
    const days = new Set(visits.map((v) => dealerToday(new Date(v.timestamp))));
    expect(days.size).toBeGreaterThanOrEqual(30);
    expect(Math.min(...visits.map((v) => Date.parse(v.timestamp)))).toBeLessThan(seededAt.getTime() - 29 * 24 * 60 * 60_000);
    expect(Math.max(...visits.map((v) => Date.parse(v.timestamp)))).toBeLessThanOrEqual(Date.now());
    const changes = await db.selectFrom("vehiclePriceChanges").selectAll().execute();
    expect(changes.length).toBeGreaterThanOrEqual(3);
    const vehicles = await listVehicles(db);
    for (const change of changes) {
      expect(change.newPrice).toBeLessThan(change.oldPrice);
      expect(vehicles.find((v) => v.id === change.vehicleId)!.price).toBe(change.newPrice);
    }
    // The former price was offered long enough (decision 096): shoppers see "Price reduced".
    expect(vehicles.filter((v) => (v.priceReducedBy ?? 0) > 0).length).toBe(changes.length);
  });

  it("gives demo vehicles stock numbers and features their model has: no third row on a Civic", async () => {
    const vehicles = await listVehicles(db);
    expect(vehicles.every((v) => v.stockNumber && /^P\d{5}$/.test(v.stockNumber))).toBe(true);
    const civics = vehicles.filter((v) => v.model === "Civic");
    expect(civics.length).toBeGreaterThan(0);
    for (const v of vehicles) {
      if (v.bodyStyle !== "Minivan") expect(v.features, `${v.year} ${v.make} ${v.model}`).not.toContain("Third-Row Seating");
      if (v.bodyStyle === "Sedan") expect(v.features).not.toContain("Tow Package");
      if (v.year < 2016) expect(v.features).not.toContain("Apple CarPlay");
    }
  });

  it("sends none of the demo's mails: every one it queued is cancelled", async () => {
    const statuses = await db.selectFrom("outbox").select("status").execute();
    expect(statuses.length).toBeGreaterThan(40);
    expect(statuses.every((s) => s.status === "cancelled")).toBe(true);
  });

  it("shows the owner's inbox with demo leads on the staff page", async () => {
    const owner = await signIn(server, DEMO_OWNER.email, DEMO_OWNER.password);
    const page = await fetch(`${server.url}/podium/leads`, { headers: { cookie: owner.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/@example\.org/);
  });

  it("is not seeded again on a restart", async () => {
    const before = await db.selectFrom("leads").select("id").execute();
    await server.stop();
    server = await startTestServer({ dataDir: server.dataDir, env: { SEED_DEMO: "true" } });
    expect(server.logs.some((l) => l.includes("demo activity seeded"))).toBe(false);
    expect((await db.selectFrom("leads").select("id").execute()).length).toBe(before.length);
    expect((await db.selectFrom("staffAccounts").select("id").execute()).length).toBe(5);
  });
});

describe("production", () => {
  it("refuses SEED_DEMO=true, and seeds nothing by default", async () => {
    const admin = { NODE_ENV: "production", ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "a fine long passphrase" };
    await expect(startTestServer({ env: { ...admin, SEED_DEMO: "true" } })).rejects.toThrow(/SEED_DEMO=true is refused in production/);
    // An empty variable is unset: production's default.
    const production = await startTestServer({ env: { ...admin, SEED_DEMO: "" } });
    try {
      const { db: productionDb } = openServerDatabase(production);
      try {
        for (const table of ["vehicles", "services", "leads", "customers", "visitors"] as const) {
          const row = await productionDb
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirst();
          expect(Number(row!.n), table).toBe(0);
        }
        expect((await productionDb.selectFrom("staffAccounts").select("email").execute()).map((a) => a.email)).toEqual([
          "boss@example.com",
        ]);
      } finally {
        await productionDb.destroy();
      }
    } finally {
      await production.stop();
    }
    // Production's password cost (about half a second a hash) and two starts on a busy machine.
  }, 180_000);
});
