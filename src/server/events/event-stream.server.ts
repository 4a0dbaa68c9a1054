import type { StaffEventRow } from "~/server/data/staff-events.server";
import type { StaffEventData } from "~/shared/staff/staff-events";
import type { StaffRole } from "~/shared/staff/staff-roles";
import { mayReceive, type StaffEventHub, type StreamSubscriber } from "./staff-event-hub.server";

/** A comment line every so often keeps proxies and phones from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/**
 * What may wait for a reader that does not read (a phone in a tunnel, a stalled tab): past it the
 * stream is ended rather than held in memory; the browser reconnects and resumes with Last-Event-ID.
 */
export const SLOW_READER_BYTES = 64 * 1024;

export type StreamRequest = {
  staff: { id: string; role: StaffRole };
  sessionHash: string;
  /** The browser's `Last-Event-ID` header (a reconnect), if any. */
  lastEventId: string | null;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  heartbeatMs?: number;
};

const encoder = new TextEncoder();

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: the compression middleware would hold events back to fill its buffer.
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
};

/** One SSE message: `event:` the change's name, `id:` its number, `data:` `{type,id}` only. */
export function formatStaffEvent(row: StaffEventRow): string {
  const data: StaffEventData = { type: row.subjectType, id: row.subjectId };
  return `event: ${row.name}\nid: ${row.id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The Last-Event-ID a browser sends back: one of our numbers, or nothing usable. */
export function parseLastEventId(header: string | null): number | null {
  if (!header || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/**
 * The answer to a stream asked of a process that is stopping: a stream that ends at once, on a connection
 * that closes, so the browser asks again in a few seconds on a new one (another process, or this one's
 * successor). An error status would make EventSource give up for good.
 */
export function streamElsewhere(): Response {
  return new Response(`retry: 3000\n\n`, { status: 200, headers: { ...STREAM_HEADERS, Connection: "close" } });
}

/**
 * The staff member's event stream (decision 110), or a 429 when they hold the most streams one
 * person may. It opens with `retry:` and a `ready` event carrying the newest event's number (so a
 * reconnect before any change still resumes from here), replays what a reconnecting browser missed
 * (or sends `reset` when that is no longer kept), then sends each change its role may see, and a
 * heartbeat comment every 15 s. The hub ends it when its session ends or its role changes.
 */
export async function openStaffEventStream(hub: StaffEventHub, request: StreamRequest): Promise<Response> {
  await hub.ready();
  const resumeAfter = parseLastEventId(request.lastEventId);
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  let heartbeat: NodeJS.Timeout | null = null;
  // Live events that arrive while the replay is read wait here, then go after it (each id once).
  let held: StaffEventRow[] | null = [];
  const sent = new Set<number>();

  const end = () => {
    if (ended) return;
    ended = true;
    if (heartbeat) clearInterval(heartbeat);
    hub.unsubscribe(subscriber);
    request.signal.removeEventListener("abort", end);
    try {
      controller.close();
    } catch {
      // Already closed or errored by the reader's side.
    }
  };
  const write = (text: string) => {
    if (ended) return;
    // desiredSize falls below zero by what is queued past the mark: a reader that has stopped reading.
    if ((controller.desiredSize ?? 0) <= 0) return end();
    controller.enqueue(encoder.encode(text));
  };
  const send = (row: StaffEventRow) => {
    const id = Number(row.id);
    if (sent.has(id)) return;
    sent.add(id);
    if (sent.size > 2000) sent.delete(sent.values().next().value!);
    write(formatStaffEvent(row));
  };
  const subscriber: StreamSubscriber = {
    staffId: request.staff.id,
    role: request.staff.role,
    sessionHash: request.sessionHash,
    deliver: (row) => (held ? held.push(row) : send(row)),
    end,
  };
  if (!hub.subscribe(subscriber)) {
    return Response.json(
      { error: "Too many open live streams for this account: close another tab or device." },
      { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": "30" } },
    );
  }
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      cancel: end,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: SLOW_READER_BYTES }),
  );
  request.signal.addEventListener("abort", end);
  write(`retry: 3000\nevent: ready\nid: ${hub.latestId()}\ndata: {}\n\n`);
  try {
    if (resumeAfter !== null) {
      const missed = await hub.replay(resumeAfter);
      if (!missed) write(`event: reset\ndata: {}\n\n`);
      else {
        for (const row of missed) if (mayReceive(request.staff.role, row)) send(row);
      }
    }
  } catch (error) {
    end();
    throw error;
  }
  const waiting = held;
  held = null;
  for (const row of waiting) send(row);
  heartbeat = setInterval(() => write(": heartbeat\n\n"), request.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  return new Response(body, {
    status: 200,
    headers: STREAM_HEADERS,
  });
}
