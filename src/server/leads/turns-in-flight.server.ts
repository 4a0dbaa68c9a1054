import type { Db } from "~/server/db/database.server";
import { afterTransaction } from "~/server/db/transaction.server";
import type { StaffAccountRow, Turn } from "~/server/data/staff-accounts.server";

/**
 * This process's turns in flight (decision 142): turns its leads have taken with `takeTurn()` or are about
 * to, whose transactions have not ended yet. Without it, every lead of a process that arrives while
 * another is still open reads the same committed turn, all but one lose the compare-and-set, and each
 * loser rolls back and writes its rows again (decision 135): under load most of a lead's round trips.
 * With it, a lead reads the turn as if the process's open leads had already committed theirs, so
 * concurrent leads of one process take consecutive turns; one whose turn follows another open lead's
 * waits for that lead's transaction to end before its compare-and-set (which then expects that lead's
 * stamp). If that lead rolled back, or another process took the turn, the compare-and-set fails and
 * the lead reads the turn again, as before.
 */
type InFlight = { stamp: string; ended: Promise<void>; end: () => void };

/** By person, oldest first (stamps only grow: each turn's stamp is later than every turn read). */
const inFlight = new Map<string, InFlight[]>();

/** The present staff as they will be once this process's open leads commit: each person's latest turn in flight. */
export function withTurnsInFlight(present: StaffAccountRow[]): StaffAccountRow[] {
  return present.map((row) => {
    const latest = inFlight.get(row.id)?.at(-1);
    return latest && (row.lastAssignedAt ?? "") < latest.stamp ? { ...row, lastAssignedAt: latest.stamp } : row;
  });
}

/**
 * Marks `turn` (read through `withTurnsInFlight`) as this lead's while its transaction is open. `follows`:
 * the end of the open lead whose turn this one comes after, if any, to wait for before the compare-and-set.
 * `release()` when the compare-and-set failed; otherwise the turn is released when `db`'s transaction ends.
 */
export function holdTurn(db: Db, turn: Turn): { follows: Promise<void> | null; release: () => void } {
  const { person, stamp } = turn;
  const queue = inFlight.get(person.id) ?? [];
  const previous = queue.find((entry) => entry.stamp === person.lastAssignedAt) ?? null;
  let end: () => void = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  const entry: InFlight = { stamp, ended, end };
  queue.push(entry);
  inFlight.set(person.id, queue);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const rest = (inFlight.get(person.id) ?? []).filter((other) => other !== entry);
    if (rest.length) inFlight.set(person.id, rest);
    else inFlight.delete(person.id);
    entry.end();
  };
  afterTransaction(db, release);
  return { follows: previous?.ended ?? null, release };
}
