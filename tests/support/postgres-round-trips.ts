import net from "node:net";

/** One transaction as a connection sent it: from its BEGIN to its COMMIT or ROLLBACK, both included. */
export type SentTransaction = {
  /** Round trips to the server: each simple query (BEGIN, SAVEPOINT, COMMIT…) and each extended-protocol Sync. */
  roundTrips: number;
  /** The SQL of each statement, in order (a parameterised statement's text, without its values). */
  statements: string[];
  ended: "commit" | "rollback";
};

export type RoundTripCounter = {
  /** Where to point DATABASE_URL: this proxy, in front of the real server. */
  url: string;
  /** Every transaction finished so far, on any connection, in the order they finished. */
  transactions: () => SentTransaction[];
  /** Every round trip sent outside a transaction so far (each commits by itself), on any connection: its statements' SQL. */
  outside: () => string[][];
  close: () => Promise<void>;
};

/**
 * A loopback TCP proxy in front of a real PostgreSQL server that reads what clients send (protocol 3:
 * https://www.postgresql.org/docs/15/protocol-message-formats.html) and counts each transaction's round
 * trips (decision 142). A client waits for the server's answer at each simple query and at each Sync,
 * so these are the waits a transaction costs. Bytes pass through unchanged; the connection is not TLS
 * (the test cluster listens on loopback without it).
 */
export async function startRoundTripCounter(databaseUrl: string): Promise<RoundTripCounter> {
  const target = new URL(databaseUrl);
  const finished: SentTransaction[] = [];
  const outside: string[][] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    const reader = clientMessageReader(finished, outside);
    client.on("data", (chunk: Buffer) => {
      reader(chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    transactions: () => [...finished],
    outside: () => [...outside],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Reads one client connection's messages as they arrive, in any chunking, and records its transactions. */
function clientMessageReader(finished: SentTransaction[], outside: string[][]): (chunk: Buffer) => void {
  let buffer = Buffer.alloc(0);
  let started = false;
  let open: SentTransaction | null = null;
  /** Statements parsed since the last Sync (one round trip may carry several). */
  let pending: string[] = [];
  const cstring = (body: Buffer, from: number) => body.toString("utf8", from, body.indexOf(0, from));
  const roundTrip = (statements: string[]) => {
    const first = statements[0]?.trim().toLowerCase() ?? "";
    if (!open && (first === "begin" || first.startsWith("start transaction"))) open = { roundTrips: 0, statements: [], ended: "commit" };
    if (!open) {
      outside.push(statements);
      return;
    }
    open.roundTrips += 1;
    open.statements.push(...statements);
    if (first === "commit" || first === "rollback") {
      open.ended = first;
      finished.push(open);
      open = null;
    }
  };
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        // The startup message (and an SSL or GSS request before it) has no type byte.
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        if (code === 196608) started = true;
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      const type = String.fromCharCode(buffer[0]!);
      const body = buffer.subarray(5, 1 + length);
      buffer = buffer.subarray(1 + length);
      if (type === "Q") roundTrip([cstring(body, 0)]);
      else if (type === "P") pending.push(cstring(body, body.indexOf(0) + 1));
      else if (type === "S") {
        roundTrip(pending);
        pending = [];
      }
    }
  };
}
