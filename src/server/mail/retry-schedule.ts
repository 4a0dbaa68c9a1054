/**
 * When a mail that failed is tried again: the first retry within 30 s, then
 * doubling, never more than an hour apart; a mail still unsent 24 h after it was due is
 * given up (marked failed). Pure, so the schedule is tested without waiting.
 */
export const FIRST_RETRY_MS = 15_000;
export const MAX_RETRY_GAP_MS = 60 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** The wait after the `attempts`-th failed attempt (1-based). */
export function retryDelay(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(FIRST_RETRY_MS * 2 ** exponent, MAX_RETRY_GAP_MS);
}

/** The next attempt after a failure at `now`, or null when the mail is to be given up. */
export function nextAttemptAfterFailure(dueAt: Date, attempts: number, now: Date): Date | null {
  if (now.getTime() - dueAt.getTime() >= GIVE_UP_AFTER_MS) return null;
  return new Date(now.getTime() + retryDelay(attempts));
}
