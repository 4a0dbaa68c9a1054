/** One Server-Sent Event as a browser's EventSource would dispatch it (comments kept apart). */
export type ReceivedEvent = { event: string; id: string | null; data: string };

export type EventStreamClient = {
  status: number;
  response: Response;
  events: ReceivedEvent[];
  /** Comment lines (heartbeats) received so far. */
  comments: string[];
  /** Resolves with the first event (already received or still to come) that matches, or rejects after `timeoutMs`. */
  next: (match: (event: ReceivedEvent) => boolean, timeoutMs?: number) => Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/**
 * Reads `GET /podium/events` with fetch and parses it by the HTML standard's event-stream rules
 * (fields `event`, `id`, `data`; a blank line dispatches; `:` starts a comment).
 */
export async function openEventStream(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: string } = {},
): Promise<EventStreamClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = { Accept: "text/event-stream" };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.lastEventId !== undefined) headers["Last-Event-ID"] = options.lastEventId;
  const response = await fetch(`${baseUrl}/podium/events`, { headers, signal: abort.signal, redirect: "manual" });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  let isEnded = false;
  if (response.status === 200 && response.body) {
    void (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      let current: { event: string; id: string | null; data: string[] } = { event: "message", id: null, data: [] };
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let newline: number;
          while ((newline = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, newline).replace(/\r$/, "");
            buffer = buffer.slice(newline + 1);
            if (line === "") {
              if (current.data.length || current.id !== null) {
                events.push({ event: current.event, id: current.id, data: current.data.join("\n") });
                notify();
              }
              current = { event: "message", id: null, data: [] };
            } else if (line.startsWith(":")) {
              comments.push(line.slice(1).trim());
              notify();
            } else {
              const colon = line.indexOf(":");
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
              if (field === "event") current.event = value;
              else if (field === "id") current.id = value;
              else if (field === "data") current.data.push(value);
            }
          }
        }
      } catch {
        // Aborted by close(), or the server cut the connection.
      }
      isEnded = true;
      endedResolve();
      notify();
    })();
  } else {
    isEnded = true;
    endedResolve();
  }
  const next = (match: (event: ReceivedEvent) => boolean, timeoutMs = 10_000) =>
    new Promise<ReceivedEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        } else if (isEnded) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { status: response.status, response, events, comments, next, ended, close: () => abort.abort() };
}
