import { autonomousDbOf, type Db } from "./database.server";

/**
 * The one way the app opens a transaction (decision 109): `inTransaction(db, work)` runs `work` in a
 * transaction and, once it has committed, the steps `work` left with `afterCommit` (wake the outbox
 * worker for the mail it queued, say). A rolled-back transaction runs none of them. Code that must
 * act only on committed data says so where the data is written (`enqueueMails` does), so no caller
 * can forget it; ESLint refuses `db.transaction()` anywhere else in src/.
 */

/** The after-commit steps of each open transaction this module opened, by its transaction object (a step once, however often it is asked for). */
const pending = new WeakMap<Db, Set<() => void>>();

/** The after-rollback steps of each open transaction this module opened (decision 146). */
const undoing = new WeakMap<Db, Set<() => Promise<void>>>();

/** The database each open transaction this module opened was opened on. */
const openedOn = new WeakMap<Db, Db>();

/**
 * Runs `work` in a transaction, then the steps it registered with `afterCommit`. Called with a
 * transaction already open (a caller's `trx`), `work` joins it: its steps run at that commit.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const steps = new Set<() => void>();
  const undoSteps = new Set<() => Promise<void>>();
  let result: T;
  try {
    // eslint-disable-next-line no-restricted-syntax -- this is the one place a transaction is opened.
    result = await db.transaction().execute((trx) => {
      pending.set(trx, steps);
      undoing.set(trx, undoSteps);
      openedOn.set(trx, db);
      return work(trx);
    });
  } catch (error) {
    // Rolled back: what was done outside it on its behalf is undone before the caller hears of the failure.
    for (const step of undoSteps) await step();
    throw error;
  }
  for (const step of steps) step();
  return result;
}

/**
 * Runs `step` if the transaction `db` (opened by `inTransaction`) rolls back, before the error reaches
 * its caller: it undoes what was done outside the transaction for it (a salesperson's turn taken on
 * its own connection, decision 146). `step` must not throw. A crash skips it: use it for what may be
 * lost then, never for data that must stay consistent.
 */
export function afterRollback(db: Db, step: () => Promise<void>): void {
  const steps = db.isTransaction ? undoing.get(db) : undefined;
  if (!steps) throw new Error("afterRollback: call it inside a transaction opened with inTransaction()");
  steps.add(step);
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

/**
 * A connection outside the transaction `trx` (opened by `inTransaction`) whose statements commit at
 * once, from a pool of its own (`autonomousDbOf`, PostgreSQL); undefined on SQLite or outside a
 * transaction. Undo what is done there for the transaction with `afterRollback`.
 */
export function autonomousOf(trx: Db): Db | undefined {
  const db = openedOn.get(trx);
  return db && autonomousDbOf(db);
}

/**
 * A read that needs neither the transaction's locks nor its snapshot (settings, a person's devices): on
 * PostgreSQL started at once on the pool beside `trx` (`autonomousOf()`), so the transaction spends no
 * round trip of its own waiting for it (decision 160); on SQLite run in `trx` when first awaited. Call the
 * returned function where the value is needed.
 */
export function readBeside<T>(trx: Db, read: (db: Db) => Promise<T>): () => Promise<T> {
  const outside = autonomousOf(trx);
  if (!outside) return () => read(trx);
  const started = read(outside);
  // Handled here too: a transaction that fails before it awaits the read must not leave it unhandled.
  started.catch(() => {});
  return () => started;
}
