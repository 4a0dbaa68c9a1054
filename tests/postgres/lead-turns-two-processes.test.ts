import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/database.server";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";
import { openServerDatabase } from "../support/server-database";
import { createAccount, postJson, signInOwner } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { TRADE_IN_VEHICLE } from "../support/trade-in-request";

/** The turn's compare-and-set, inside the one statement that reads and takes the turn (decision 148). */
const TURN_UPDATE = /update "?staff_accounts"? (s )?set "?last_assigned_at/;

/**
 * A lead takes its salesperson's turn in a statement of its own, outside its transaction, and gives it
 * back if the transaction rolls back (decision 146): two servers on one PostgreSQL database, and a third
 * connection that holds a lock the way a slow lead's transaction would. Two salespeople: Dana (en, es)
 * and João (en, pt); a Spanish lead is Dana's alone.
 */
describe("turns taken outside the lead's transaction, two processes on one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  let db: Db;
  let holder: Db;

  beforeAll(async () => {
    const env = { LEADS_TO: "leads@dealer.test", TRUST_PROXY: "true" };
    a = await startTestServer({ seeded: true, env });
    b = await startTestServer({ dataDir: a.dataDir, env });
    expect(b.databaseUrl).toBe(a.databaseUrl);
    db = openServerDatabase(a).db;
    holder = openServerDatabase(a).db;
    const owner = await signInOwner(a);
    for (const [email, name, languages] of [
      ["dana.reyes@dealer.test", "Dana Reyes", ["en", "es"]],
      ["joao.costa@dealer.test", "João Costa", ["en", "pt"]],
    ] as const) {
      const { id } = await createAccount(a, { email, name, role: "sales" });
      const changed = await fetch(`${a.url}/api/admin/staff/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", cookie: owner.cookie, origin: a.url },
        body: JSON.stringify({ languages }),
      });
      expect(changed.status).toBe(200);
    }
    const sales = await db
      .selectFrom("staffAccounts")
      .select(["email", "languages"])
      .where("role", "=", "sales")
      .where("disabled", "=", 0)
      .execute();
    expect(sales.filter((row) => row.languages.split(",").includes("es")).map((row) => row.email)).toEqual(["dana.reyes@dealer.test"]);
  });
  afterAll(async () => {
    await Promise.all([db?.destroy(), holder?.destroy()]);
    await Promise.all([a?.stop(), b?.stop()]);
  });

  /** Runs `hold` in a transaction on its own connection and keeps it open until the returned release() is called. */
  async function holdTransaction(
    hold: (conn: Db) => Promise<void>,
  ): Promise<{ release: (finish?: (conn: Db) => Promise<void>) => Promise<void> }> {
    let finishWith: (finish: (conn: Db) => Promise<void>) => void = () => {};
    const finished = new Promise<(conn: Db) => Promise<void>>((resolve) => (finishWith = resolve));
    let held: () => void = () => {};
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const done = holder.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      try {
        await hold(conn);
        held();
        await (
          await finished
        )(conn);
        await sql`commit`.execute(conn);
      } catch (error) {
        await sql`rollback`.execute(conn);
        throw error;
      }
    });
    await Promise.race([isHeld, done]);
    return {
      release: async (finish = async () => {}) => {
        finishWith(finish);
        await done;
      },
    };
  }

  /** Until some session waits for a lock in a statement that matches (the post has reached it). */
  async function untilWaitingIn(statement: RegExp): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await sql<{
        query: string;
      }>`select query from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
      if (rows.some((row) => statement.test(row.query.replace(/\s+/g, " ")))) return;
      if (Date.now() > deadline) throw new Error(`No session waits in ${statement}: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const shopper = (name: string, n: number) => ({
    firstName: "Lucía",
    lastName: name,
    email: `${name.toLowerCase()}@example.com`,
    phone: `(978) 555-${String(2000 + n).padStart(4, "0")}`,
    locale: "es",
  });
  const contact = (server: TestServer, name: string, n: number) =>
    postJson(
      server,
      "/api/contact",
      { ...shopper(name, n), message: "¿Sigue disponible?", hasTradeIn: false },
      { headers: { "x-forwarded-for": `198.51.100.${n}` } },
    );

  /** The stored lead of an e-mail, with its assignee, its "assigned" entries, staff events and staff mails. */
  async function leadOf(email: string) {
    const lead = await db.selectFrom("leads").select(["id", "type", "assigneeId"]).where("email", "=", email).executeTakeFirstOrThrow();
    const assigned = await db
      .selectFrom("leadEvents")
      .select("data")
      .where("leadId", "=", lead.id)
      .where("kind", "=", "assigned")
      .execute();
    const staffEvents = await db
      .selectFrom("staffEvents")
      .select("name")
      .where("subjectId", "=", lead.id)
      .where("name", "=", "lead.assigned")
      .execute();
    const staffMails = await db
      .selectFrom("outbox")
      .select("toAddress")
      .where("relatedId", "=", lead.id)
      .where("kind", "=", LEAD_KINDS[lead.type as keyof typeof LEAD_KINDS].mails.staff)
      .execute();
    return { ...lead, assigned: assigned.length, staffEvents: staffEvents.length, staffMails: staffMails.map((m) => m.toAddress) };
  }
  const staffId = async (email: string) =>
    (await db.selectFrom("staffAccounts").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

  it("a lead is not held up by another lead's transaction that is still writing its records", async () => {
    const dana = await staffId("dana.reyes@dealer.test");
    // A slow lead: its trade-in with a consent to texts stops at the consent's insert (the table is locked
    // here) with its request, customer, inbox row and timeline written. The turn used to be claimed before
    // that, holding every salesperson's row until the commit: the next lead waited for all of it.
    const slow = await holdTransaction(async (conn) => {
      await sql`lock table contact_consents in exclusive mode`.execute(conn);
    });
    let slowAnswered = false;
    const slowPost = postJson(
      a,
      "/api/trade-ins",
      {
        ...shopper("Lenta", 1),
        ...TRADE_IN_VEHICLE,
        textConsent: true,
      },
      { headers: { "x-forwarded-for": "198.51.100.1" } },
    ).then((res) => {
      slowAnswered = true;
      return res;
    });
    try {
      await untilWaitingIn(/^insert into "contact_consents"/);
      // Another Spanish lead, through the other process, while the slow one is still open.
      const quick = await Promise.race([
        contact(b, "Rapida", 2),
        new Promise<string>((resolve) => setTimeout(() => resolve("still waiting after 10 s"), 10_000)),
      ]);
      expect(quick instanceof Response ? quick.status : quick).toBe(201);
      expect(slowAnswered).toBe(false);
    } finally {
      await slow.release();
    }
    expect((await slowPost).status).toBe(201);
    // Both are Dana's, the only Spanish speaker, each turn taken once: the quick one's, then the slow one's.
    const quick = await leadOf("rapida@example.com");
    const late = await leadOf("lenta@example.com");
    for (const lead of [quick, late]) {
      expect(lead).toMatchObject({
        assigneeId: dana,
        assigned: 1,
        staffEvents: 1,
        staffMails: ["dana.reyes@dealer.test, leads@dealer.test"],
      });
    }
    const turns = await db
      .selectFrom("leadEvents")
      .select(["leadId", "createdAt"])
      .where("leadId", "in", [quick.id, late.id])
      .where("kind", "=", "assigned")
      .execute();
    expect(turns).toHaveLength(2);
  }, 60_000);

  it("a lead whose transaction is stopped at its commit holds no salesperson's row: the next lead for the same person is answered", async () => {
    const dana = await staffId("dana.reyes@dealer.test");
    // The slow lead's commit waits for an advisory lock held here (a deferred trigger on its inbox row):
    // every statement of its transaction has run. Before decision 146 its last one took Dana's turn, and
    // her row stayed locked to the commit, so the next Spanish lead waited for it.
    await sql`create function wait_at_commit() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock(4242); return null; end $$`.execute(db);
    await sql`create constraint trigger wait_at_commit after insert on leads deferrable initially deferred
      for each row when (new.email = 'pausa@example.com') execute function wait_at_commit()`.execute(db);
    const lock = await holdTransaction(async (conn) => {
      await sql`select pg_advisory_xact_lock(4242)`.execute(conn);
    });
    try {
      const slowPost = contact(a, "Pausa", 5);
      await untilWaitingIn(/^commit/);
      const quick = await Promise.race([
        contact(b, "Pronta", 6),
        new Promise<string>((resolve) => setTimeout(() => resolve("still waiting after 10 s"), 10_000)),
      ]);
      expect(quick instanceof Response ? quick.status : quick).toBe(201);
      await lock.release();
      expect((await slowPost).status).toBe(201);
    } finally {
      await lock.release();
      await sql`drop trigger wait_at_commit on leads`.execute(db);
      await sql`drop function wait_at_commit()`.execute(db);
    }
    // Both Dana's, each with its own turn.
    for (const email of ["pausa@example.com", "pronta@example.com"]) {
      expect(await leadOf(email)).toMatchObject({
        assigneeId: dana,
        assigned: 1,
        staffEvents: 1,
        staffMails: ["dana.reyes@dealer.test, leads@dealer.test"],
      });
    }
  }, 60_000);

  /**
   * Posts a lead while a trigger refuses a row of `table` (the ones `when` names, as SQL), and checks that
   * it answered 500 and stored nothing, and that Dana's last turn is what it was before it.
   */
  async function refusedLeadGivesTurnBack(refused: {
    table: "outbox" | "contact_consents" | "contact_submissions";
    body: string;
    when?: string;
    email: string;
    post: () => Promise<Response>;
  }): Promise<void> {
    const dana = await staffId("dana.reyes@dealer.test");
    const before = await db.selectFrom("staffAccounts").select("lastAssignedAt").where("id", "=", dana).executeTakeFirstOrThrow();
    await sql`create function refuse_row() returns trigger language plpgsql as $$ begin ${sql.raw(refused.body)} end $$`.execute(db);
    await sql`create trigger refuse_row before insert on ${sql.table(refused.table)}
      for each row ${sql.raw(refused.when ? `when (${refused.when})` : "")} execute function refuse_row()`.execute(db);
    try {
      expect((await refused.post()).status).toBe(500);
    } finally {
      await sql`drop trigger refuse_row on ${sql.table(refused.table)}`.execute(db);
      await sql`drop function refuse_row()`.execute(db);
    }
    expect(await db.selectFrom("leads").select("id").where("email", "=", refused.email).execute()).toEqual([]);
    const after = await db.selectFrom("staffAccounts").select("lastAssignedAt").where("id", "=", dana).executeTakeFirstOrThrow();
    expect(after.lastAssignedAt).toBe(before.lastAssignedAt);
  }

  it("a lead whose transaction rolls back after its turn was taken gives the turn back: the person waits as long as before", async () => {
    // The shopper's acknowledgement is the lead's last insert: it fails here, after the turn was taken.
    await refusedLeadGivesTurnBack({
      table: "outbox",
      body: "raise exception 'the outbox refuses this mail';",
      when: "new.to_address = 'fallida@example.com'",
      email: "fallida@example.com",
      post: () => contact(a, "Fallida", 7),
    });
  }, 60_000);

  it("a lead whose transaction fails before it waits for its turn, taken beside it, gives the turn back too", async () => {
    // A trade-in's consent to texts is written between its inbox row and its assignment: it fails there,
    // a moment after the turn taken beside the transaction has committed.
    await refusedLeadGivesTurnBack({
      table: "contact_consents",
      body: "perform pg_sleep(0.3); raise exception 'the consent cannot be stored';",
      email: "rechazada@example.com",
      post: () =>
        postJson(
          b,
          "/api/trade-ins",
          { ...shopper("Rechazada", 8), ...TRADE_IN_VEHICLE, textConsent: true },
          { headers: { "x-forwarded-for": "198.51.100.8" } },
        ),
    });
  }, 60_000);

  /**
   * Another lead has just taken Dana's turn and is committing (her row locked here) while `post` is sent:
   * once the post waits to take her turn, that other lead stamps her turn and commits.
   */
  async function loseRaceForDana(post: () => Promise<Response>): Promise<{ status: number; taken: string }> {
    const dana = await staffId("dana.reyes@dealer.test");
    const taken = new Date(Date.now() + 1_000).toISOString();
    const other = await holdTransaction(async (conn) => {
      await sql`select id from staff_accounts where id = ${dana} for update`.execute(conn);
    });
    const racing = post();
    try {
      // The lead now waits to take her turn.
      await untilWaitingIn(TURN_UPDATE);
    } finally {
      await other.release(async (conn) => {
        await sql`update staff_accounts set last_assigned_at = ${taken} where id = ${dana}`.execute(conn);
      });
    }
    return { status: (await racing).status, taken };
  }

  it("a lead whose transaction fails at its very first row gives back the turn it started before the transaction", async () => {
    // The message's own row is the transaction's first insert: the turn, started before it, has been
    // taken by the time it fails (decision 162).
    await refusedLeadGivesTurnBack({
      table: "contact_submissions",
      body: "perform pg_sleep(0.3); raise exception 'the message cannot be stored';",
      email: "primera@example.com",
      post: () => contact(a, "Primera", 9),
    });
  }, 60_000);

  it("a lead's turn is taken while its transaction still waits to write its first row", async () => {
    const dana = await staffId("dana.reyes@dealer.test");
    const stampOf = async () =>
      (await db.selectFrom("staffAccounts").select("lastAssignedAt").where("id", "=", dana).executeTakeFirstOrThrow()).lastAssignedAt;
    const before = await stampOf();
    const held = await holdTransaction(async (conn) => {
      await sql`lock table contact_submissions in exclusive mode`.execute(conn);
    });
    let post: Promise<Response> | undefined;
    let takenWhileHeld: string | null = null;
    try {
      post = contact(b, "Temprana", 10);
      await untilWaitingIn(/insert into "contact_submissions"/);
      // The turn commits on its own connection: Dana's stamp moves while the message's insert waits.
      const deadline = Date.now() + 10_000;
      while ((takenWhileHeld = await stampOf()) === before && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await held.release();
    }
    expect((await post!).status).toBe(201);
    expect(takenWhileHeld).not.toBe(before);
    const lead = await leadOf("temprana@example.com");
    expect(lead).toMatchObject({
      assigneeId: dana,
      assigned: 1,
      staffEvents: 1,
      staffMails: ["dana.reyes@dealer.test, leads@dealer.test"],
    });
    // The stamp taken before the transaction is the lead's: no second turn was taken for it.
    expect(await stampOf()).toBe(takenWhileHeld);
  }, 60_000);

  it("a returning customer's lead gives back the turn it started before it knew, and the turns go on in the same order", async () => {
    const [dana, joao] = [await staffId("dana.reyes@dealer.test"), await staffId("joao.costa@dealer.test")];
    await db.updateTable("staffAccounts").set({ lastAssignedAt: "2020-01-01T00:00:00.000Z" }).where("id", "=", dana).execute();
    await db.updateTable("staffAccounts").set({ lastAssignedAt: "2021-01-01T00:00:00.000Z" }).where("id", "=", joao).execute();
    const english = (server: TestServer, name: string, n: number) =>
      postJson(
        server,
        "/api/contact",
        { ...shopper(name, n), locale: "en", message: "Is it still available?", hasTradeIn: false },
        { headers: { "x-forwarded-for": `198.51.100.${n}` } },
      );
    // A new customer: Dana's turn, she has waited longest.
    expect((await english(a, "Vuelve", 11)).status).toBe(201);
    expect((await leadOf("vuelve@example.com")).assigneeId).toBe(dana);
    const stamps = async () =>
      db.selectFrom("staffAccounts").select(["id", "lastAssignedAt"]).where("id", "in", [dana, joao]).orderBy("id").execute();
    const afterFirst = await stamps();
    // The same shopper again, through the other process: Dana's again as a returning customer, and the turn
    // it took before it knew (João's, the longest wait now) is given back.
    expect((await english(b, "Vuelve", 11)).status).toBe(201);
    const leads = await db.selectFrom("leads").select("assigneeId").where("email", "=", "vuelve@example.com").execute();
    expect(leads.map((lead) => lead.assigneeId)).toEqual([dana, dana]);
    expect(await stamps()).toEqual(afterFirst);
    // So the next new customer's lead is João's.
    expect((await english(a, "Nueva", 12)).status).toBe(201);
    expect((await leadOf("nueva@example.com")).assigneeId).toBe(joao);
  }, 60_000);

  it("a Spanish lead that loses the race for Dana's turn takes her next one, never João's, and keeps one of each of its rows", async () => {
    const dana = await staffId("dana.reyes@dealer.test");
    const { status, taken } = await loseRaceForDana(() => contact(a, "Carrera", 3));
    expect(status).toBe(201);
    expect(await leadOf("carrera@example.com")).toMatchObject({
      assigneeId: dana,
      assigned: 1,
      staffEvents: 1,
      staffMails: ["dana.reyes@dealer.test, leads@dealer.test"],
    });
    const stamp = await db.selectFrom("staffAccounts").select("lastAssignedAt").where("id", "=", dana).executeTakeFirstOrThrow();
    expect(Date.parse(stamp.lastAssignedAt!)).toBeGreaterThan(Date.parse(taken));
  }, 60_000);

  it("an English lead that loses the race for Dana's turn takes João's, who has now waited longest, and nothing of it is Dana's", async () => {
    const [dana, joao] = [await staffId("dana.reyes@dealer.test"), await staffId("joao.costa@dealer.test")];
    // Dana has waited longest, then João.
    await db.updateTable("staffAccounts").set({ lastAssignedAt: "2020-01-01T00:00:00.000Z" }).where("id", "=", dana).execute();
    await db.updateTable("staffAccounts").set({ lastAssignedAt: "2021-01-01T00:00:00.000Z" }).where("id", "=", joao).execute();
    const { status } = await loseRaceForDana(() =>
      postJson(
        b,
        "/api/contact",
        { ...shopper("Ingles", 4), locale: "en", message: "Is it still available?", hasTradeIn: false },
        { headers: { "x-forwarded-for": "198.51.100.4" } },
      ),
    );
    expect(status).toBe(201);
    // One entry, one event, one staff mail, all João's.
    expect(await leadOf("ingles@example.com")).toMatchObject({
      assigneeId: joao,
      assigned: 1,
      staffEvents: 1,
      staffMails: ["joao.costa@dealer.test, leads@dealer.test"],
    });
  }, 60_000);
});
