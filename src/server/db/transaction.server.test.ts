import { describe, expect, it } from "vitest";
import { engine, freshDatabase } from "../../../tests/support/migration-database";
import { enqueueMails, type NewMail } from "~/server/data/outbox.server";
import { onQueuedMail } from "~/server/mail/outbox-signal.server";
import { migrateToLatest } from "./database.server";
import { afterCommit, afterRollback, autonomousOf, inTransaction } from "./transaction.server";

/**
 * The after-commit hook (decision 109): a mail queued in a transaction is in the outbox with the data
 * it belongs to, and the worker is woken only once that transaction has committed; a rolled-back one
 * leaves neither the row nor a wake-up. Runs on SQLite and on PostgreSQL.
 */
const mail = (relatedId: string): NewMail => ({
  kind: "contact-staff",
  to: "leads@example.com",
  subject: "New lead",
  text: "A lead",
  relatedType: "contact",
  relatedId,
});

describe(`inTransaction, afterCommit and afterRollback (${engine})`, () => {
  it("wakes the worker after the commit, with the row already readable, and never for a rollback", async () => {
    const db = await freshDatabase("after-commit");
    await migrateToLatest(db);
    const seen: number[] = [];
    const stop = onQueuedMail(() => {
      // Woken only when the row is committed: a separate read sees it.
      void db
        .selectFrom("outbox")
        .select("id")
        .execute()
        .then((rows) => seen.push(rows.length));
    });
    try {
      let wokenInside = false;
      const wake = onQueuedMail(() => (wokenInside = true));
      await inTransaction(db, async (trx) => {
        await enqueueMails(trx, [mail("m1")]);
        // Joined by a nested call: one transaction, its steps at the outer commit.
        await inTransaction(trx, (inner) => enqueueMails(inner, [mail("m2")]));
        expect(wokenInside).toBe(false);
      });
      wake();
      expect(wokenInside).toBe(true);

      await expect(
        inTransaction(db, async (trx) => {
          await enqueueMails(trx, [mail("m3")]);
          throw new Error("the lead could not be stored");
        }),
      ).rejects.toThrow("the lead could not be stored");
      await new Promise((resolve) => setTimeout(resolve, 50));
      // One wake-up for the committed transaction (a step once, however often asked), none for the rolled-back one.
      expect(seen).toEqual([2]);
      expect((await db.selectFrom("outbox").select("relatedId").orderBy("relatedId").execute()).map((r) => r.relatedId)).toEqual([
        "m1",
        "m2",
      ]);
    } finally {
      stop();
    }
  });

  it("refuses an after-commit step in a transaction opened some other way", async () => {
    const db = await freshDatabase("after-commit-bare");
    await migrateToLatest(db);
    // eslint-disable-next-line no-restricted-syntax -- the way this test shows is refused.
    await expect(db.transaction().execute(async (trx) => afterCommit(trx, () => {}))).rejects.toThrow(/inTransaction/);
    // Outside any transaction a statement commits by itself: the step runs at once.
    let ran = false;
    afterCommit(db, () => (ran = true));
    expect(ran).toBe(true);
  });

  it("runs the after-rollback steps when the transaction rolls back, before its caller hears why, and never after a commit", async () => {
    const db = await freshDatabase("after-rollback");
    await migrateToLatest(db);
    const undone: string[] = [];
    await inTransaction(db, async (trx) => {
      afterRollback(trx, async () => void undone.push("committed"));
    });
    expect(undone).toEqual([]);
    await expect(
      inTransaction(db, async (trx) => {
        // Joined by a nested call: its step belongs to the outer transaction.
        await inTransaction(trx, async (inner) => afterRollback(inner, async () => void undone.push("inner")));
        afterRollback(trx, async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          undone.push("outer");
        });
        throw new Error("the lead could not be stored");
      }),
    ).rejects.toThrow("the lead could not be stored");
    expect(undone).toEqual(["inner", "outer"]);
    expect(() => afterRollback(db, async () => {})).toThrow(/inTransaction/);
  });

  it("gives a connection outside an open transaction whose statements commit at once on PostgreSQL, none on SQLite", async () => {
    const db = await freshDatabase("autonomous");
    await migrateToLatest(db);
    await inTransaction(db, async (trx) => {
      const outside = autonomousOf(trx);
      if (engine === "sqlite") {
        expect(outside).toBeUndefined();
        return;
      }
      await enqueueMails(trx, [mail("inside")]);
      await enqueueMails(outside!, [mail("outside")]);
      // Committed already, while the transaction is still open: another connection of the pool sees it.
      const seen = await db.selectFrom("outbox").select("relatedId").execute();
      expect(seen.map((row) => row.relatedId)).toEqual(["outside"]);
    });
    expect(autonomousOf(db)).toBeUndefined();
  });
});
