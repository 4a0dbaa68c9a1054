/**
 * Wakes this process's outbox worker when a service has committed new mails, so a lead is
 * mailed at once instead of at the next poll.
 */
const listeners = new Set<() => void>();

export function announceQueuedMail(): void {
  for (const listener of listeners) listener();
}

export function onQueuedMail(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
