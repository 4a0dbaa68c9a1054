import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";
import { createDatabase } from "../support/postgres-cluster";
import { startRoundTripCounter, type RoundTripCounter, type SentTransaction } from "../support/postgres-round-trips";
import { openServerDatabase } from "../support/server-database";
import { createAccount } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { TRADE_IN_VEHICLE } from "../support/trade-in-request";

/**
 * What a lead post costs PostgreSQL (decision 142): every statement of a lead's transaction is a round trip
 * to the database, and under load each one also waits for a turn of a busy event loop. A proxy in front of
 * the test database counts the round trips of each transaction as the server sends them. A new shopper's
 * contact message or trade-in (no photos, no text consent), handed to a salesperson in turn, takes at most
 * these many from BEGIN to COMMIT (24 and 23 before decision 142, 16 and 15 before decision 146 took the
 * turn's read, savepoint and compare-and-set out of it, 13 and 12 before decision 160 wrote the assignment,
 * timeline, live screens' events and mails in one statement and read settings and devices beside the
 * transaction, 6 before decision 162 inserted the lead's own row with its customer and the inbox row with its
 * assignment): BEGIN, the lead's own row with its customer, the inbox row with its assignment, timeline,
 * events and mails, COMMIT. The
 * after-hours reply (off in tests) adds three when the dealership is closed; a returning customer adds the
 * read of their record, its update and the look-up of whom they had.
 */
const BUDGET = { contact: 4, "trade-in": 4 } as const;

const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL;

describe.runIf(adminUrl)("a lead's transaction on PostgreSQL, counted in round trips", () => {
  let counter: RoundTripCounter;
  let server: TestServer;

  beforeAll(async () => {
    counter = await startRoundTripCounter(await createDatabase(adminUrl!));
    server = await startTestServer({ env: { DATABASE_URL: counter.url, LEADS_TO: "leads@dealer.test", ADF_TO: "crm@dealer.test" } });
    await createAccount(server, { email: "dana.reyes@dealer.test", name: "Dana Reyes", role: "sales" });
    await createAccount(server, { email: "joao.costa@dealer.test", name: "João Costa", role: "sales" });
  });
  afterAll(async () => {
    await server?.stop();
    await counter?.close();
  });

  const shopper = (n: number) => ({
    firstName: "Ana",
    lastName: "Silva",
    email: `ana.${n}@example.com`,
    phone: `978555${String(1000 + n)}`,
    locale: "en",
  });
  const posts = {
    contact: (n: number) => ["/api/contact", { ...shopper(n), message: "Is this vehicle still available?" }] as const,
    "trade-in": (n: number) =>
      [
        "/api/trade-ins",
        {
          ...shopper(n),
          ...TRADE_IN_VEHICLE,
        },
      ] as const,
  };

  /**
   * Posts one lead and gives back the one transaction that inserted it, once it has committed, with the
   * statements the post sent outside any transaction.
   */
  async function leadTransaction(kind: keyof typeof posts, n: number): Promise<SentTransaction & { outside: string[] }> {
    const seen = counter.transactions().length;
    const seenOutside = counter.outside().length;
    const [path, body] = posts[kind](n);
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", origin: server.url },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    const leads = counter
      .transactions()
      .slice(seen)
      .filter((t) => t.statements.some((s) => s.includes('insert into "leads"')));
    expect(leads).toHaveLength(1);
    return { ...leads[0]!, outside: counter.outside().slice(seenOutside).flat() };
  }

  for (const kind of ["contact", "trade-in"] as const) {
    it(`a ${kind} from a new shopper takes at most ${BUDGET[kind]} round trips, its mails queued in one insert`, async () => {
      // The first post of a process prepares nothing the second does not: count the second.
      await leadTransaction(kind, kind === "contact" ? 1 : 3);
      const transaction = await leadTransaction(kind, kind === "contact" ? 2 : 4);
      expect(transaction.ended).toBe("commit");
      expect(transaction.roundTrips, transaction.statements.join("\n")).toBeLessThanOrEqual(BUDGET[kind]);
      // Still all of it, in this one transaction: the lead, its assignment, what the live screens hear, and
      // every mail of the lead in a single insert into the outbox. The salesperson's turn is read and taken
      // outside it, in one statement that commits by itself (decisions 146 and 148): the transaction locks
      // no one's row.
      const statements = transaction.statements;
      expect(statements.filter((s) => s.includes('insert into "outbox"'))).toHaveLength(1);
      expect(statements.filter((s) => s.includes("staff_accounts"))).toEqual([]);
      expect(statements.filter((s) => s.includes("pg_notify"))).toHaveLength(1);
      const turn = transaction.outside.filter((s) => s.includes("staff_accounts")).map((s) => s.replace(/\s+/g, " ").trim());
      expect(turn).toHaveLength(1);
      expect(turn[0]).toMatch(
        /^with present as \( ?select \* from staff_accounts where role = \$1 .* update staff_accounts s set last_assigned_at/,
      );

      const { db } = openServerDatabase(server);
      try {
        const email = shopper(kind === "contact" ? 2 : 4).email;
        const lead = await db.selectFrom("leads").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
        expect(lead.assigneeId).not.toBeNull();
        expect(lead.responseDueAt).not.toBeNull();
        const kindOf = kind === "contact" ? LEAD_KINDS.message : LEAD_KINDS["trade-in"];
        const mails = await db.selectFrom("outbox").select("kind").where("relatedId", "=", lead.id).execute();
        expect(mails.map((m) => m.kind).sort()).toEqual(expect.arrayContaining([kindOf.mails.staff, kindOf.mails.adf]));
        const timeline = await db.selectFrom("leadEvents").select("kind").where("leadId", "=", lead.id).execute();
        expect(timeline.map((e) => e.kind).sort()).toEqual(["assigned", "lead"]);
        const heard = await db.selectFrom("staffEvents").select("name").where("subjectId", "=", lead.id).orderBy("id").execute();
        expect(heard.map((e) => e.name)).toEqual(expect.arrayContaining(["lead.created", "lead.assigned"]));
        expect(heard.at(-1)?.name).toBe("lead.assigned");
      } finally {
        await db.destroy();
      }
    });
  }
});
