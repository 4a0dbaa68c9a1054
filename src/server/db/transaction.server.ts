import type { Db } from "./database.server";

/**
 * The one way the app opens a transaction (decision 109): `inTransaction(db, work)` runs `work` in a
 * transaction and, once it has committed, the steps `work` left with `afterCommit` (wake the outbox
 * worker for the mail it queued, say). A rolled-back transaction runs none of them. Code that must
 * act only on committed data says so where the data is written (`enqueueMails` does), so no caller
 * can forget it; ESLint refuses `db.transaction()` anywhere else in src/.
 */

/** The after-commit steps of each open transaction this module opened, by its transaction object (a step once, however often it is asked for). */
const pending = new WeakMap<Db, Set<() => void>>();

/**
 * Runs `work` in a transaction, then the steps it registered with `afterCommit`. Called with a
 * transaction already open (a caller's `trx`), `work` joins it: its steps run at that commit.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const steps = new Set<() => void>();
  // eslint-disable-next-line no-restricted-syntax -- this is the one place a transaction is opened.
  const result = await db.transaction().execute((trx) => {
    pending.set(trx, steps);
    return work(trx);
  });
  for (const step of steps) step();
  return result;
}

/**
 * Runs `step` once what `db` wrote is committed: at once outside a transaction (each statement
 * commits by itself), after the commit inside one opened by `inTransaction`. A transaction opened
 * any other way cannot say when it commits: that is a programming error, thrown at once.
 */
export function afterCommit(db: Db, step: () => void): void {
  if (!db.isTransaction) {
    step();
    return;
  }
  const steps = pending.get(db);
  if (!steps) throw new Error("afterCommit: open the transaction with inTransaction() so its after-commit steps run");
  steps.add(step);
}
