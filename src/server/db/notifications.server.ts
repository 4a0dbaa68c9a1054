import pg from "pg";

export type NotificationListener = {
  /** Settles once the first LISTEN is in place (or failed: then it keeps trying). */
  ready: Promise<void>;
  close: () => Promise<void>;
};

/**
 * A dedicated PostgreSQL connection LISTENing on one channel (decision 110): each NOTIFY's payload is
 * handed to `onPayload`. The pool's connections cannot listen (a LISTEN belongs to one session), so
 * this is one more connection per process. When the connection is lost it is opened again after a
 * pause and `onReconnect` runs, so the caller can read what it missed meanwhile from the table.
 */
export function listenForNotifications(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  { onReconnect, onError }: { onReconnect: () => void; onError: (error: unknown) => void },
): NotificationListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (again: boolean) => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    next.on("error", (error) => {
      onError(error);
      scheduleReconnect(next);
    });
    next.on("end", () => scheduleReconnect(next));
    try {
      await next.connect();
      // The channel is a constant of ours, never input: quoted as an identifier all the same.
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) return void (await next.end().catch(() => {}));
      client = next;
      if (again) onReconnect();
    } catch (error) {
      onError(error);
      scheduleReconnect(next);
    }
  };
  const scheduleReconnect = (from: pg.Client) => {
    if (closed || retry || (client && client !== from)) return;
    client = null;
    from.end().catch(() => {});
    retry = setTimeout(() => {
      retry = null;
      void connect(true);
    }, 1000);
    retry.unref();
  };
  const ready = connect(false);
  return {
    ready,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
