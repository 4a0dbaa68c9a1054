import type { AppContext } from "~/server/context.server";
import { engineOf } from "~/server/db/dialect.server";
import { listenForNotifications, type NotificationListener } from "~/server/db/notifications.server";
import { eventStreamOpened } from "~/server/metrics/metrics.server";
import {
  lastStaffEventId,
  onLocalStaffEvents,
  pruneStaffEvents,
  STAFF_EVENTS_CHANNEL,
  staffEventsAfter,
  staffEventsToReplay,
  type StaffEventRow,
} from "~/server/data/staff-events.server";
import { canUseArea, type StaffArea, type StaffRole } from "~/shared/staff/staff-roles";

/** How long events are kept for a stream to resume after (`Last-Event-ID`): a day. */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * PostgreSQL numbers an event when it is written, not when it commits: a resuming stream is also sent
 * the events numbered before its last one but written up to this long before it (repeats are harmless:
 * an event only says "reload this"; the client skips ids it has seen).
 */
export const REPLAY_SLACK_MS = 30_000;
/** At most this many events are replayed; past it the stream says `reset` (reload everything). */
export const REPLAY_LIMIT = 500;
/** The streams one person may hold on one process (tabs, phone, desktop). */
export const STREAMS_PER_PERSON = 6;

/** One open stream, as the hub sees it. */
export type StreamSubscriber = {
  staffId: string;
  role: StaffRole;
  /** The hash of the session the stream was opened with, checked every few seconds. */
  sessionHash: string;
  deliver: (event: StaffEventRow) => void;
  /** Ends the stream (its session ended, its role changed, the server stops). */
  end: () => void;
};

/** The roles of the live sessions among these hashes (missing: ended, expired or disabled). */
export type SessionCheck = (sessionHashes: string[]) => Promise<Map<string, StaffRole>>;

/**
 * Each process's fan-out of staff events to its open streams (decision 110). On PostgreSQL it LISTENs
 * for the NOTIFY each event's transaction sends, so an event written by any process reaches the
 * streams of every process at its commit; on SQLite the one process is woken by its own writes and
 * reads what committed. Every few seconds it re-checks the sessions behind its streams and ends those
 * whose session ended or whose role changed, and it forgets events older than the replay window.
 */
export class StaffEventHub {
  private readonly subscribers = new Set<StreamSubscriber>();
  private readonly perPerson = new Map<string, number>();
  /** Each open stream's place in `dealer_event_streams_open` (decision 122), given back when it ends. */
  private readonly closeMetric = new Map<StreamSubscriber, () => void>();
  /** Ids delivered lately (PostgreSQL's NOTIFY and a reconnect's catch-up may both bring one). */
  private readonly recent = new Set<number>();
  private lastId = 0;
  private readonly started: Promise<void>;
  private listener: NotificationListener | null = null;
  private unsubscribeLocal: (() => void) | null = null;
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly checkSessions: SessionCheck,
    options: { sessionCheckMs: number },
  ) {
    this.started = this.start();
    this.every(options.sessionCheckMs, () => this.checkStreams());
    this.every(60 * 60 * 1000, () => pruneStaffEvents(ctx.db, new Date(Date.now() - REPLAY_WINDOW_MS)));
  }

  private async start(): Promise<void> {
    this.lastId = await lastStaffEventId(this.ctx.db);
    if (engineOf(this.ctx.db) === "postgres" && this.ctx.env.databaseUrl) {
      this.listener = listenForNotifications(this.ctx.env.databaseUrl, STAFF_EVENTS_CHANNEL, (payload) => this.fromNotification(payload), {
        onReconnect: () => void this.catchUp(),
        onError: (error) => this.ctx.logger.warn({ err: error }, "staff events: listening connection lost"),
      });
      await this.listener.ready;
    } else {
      this.unsubscribeLocal = onLocalStaffEvents(() => void this.drain());
      // Writes by another program on the same file (the staff CLI) are seen within seconds.
      this.every(2000, () => this.drain());
    }
  }

  /** Resolves once the hub hears every event committed from now on. */
  ready(): Promise<void> {
    return this.started;
  }

  /** Adds a stream; false when its person already holds the most streams one person may. */
  subscribe(subscriber: StreamSubscriber): boolean {
    const held = this.perPerson.get(subscriber.staffId) ?? 0;
    if (held >= STREAMS_PER_PERSON) return false;
    this.perPerson.set(subscriber.staffId, held + 1);
    this.subscribers.add(subscriber);
    this.closeMetric.set(subscriber, eventStreamOpened());
    return true;
  }

  unsubscribe(subscriber: StreamSubscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    this.closeMetric.get(subscriber)?.();
    this.closeMetric.delete(subscriber);
    const held = (this.perPerson.get(subscriber.staffId) ?? 1) - 1;
    if (held > 0) this.perPerson.set(subscriber.staffId, held);
    else this.perPerson.delete(subscriber.staffId);
  }

  get openStreams(): number {
    return this.subscribers.size;
  }

  /** The events a stream resuming after `afterId` missed, or null when they are no longer kept (reload everything). */
  async replay(afterId: number): Promise<StaffEventRow[] | null> {
    const rows = await staffEventsToReplay(this.ctx.db, afterId, REPLAY_SLACK_MS, REPLAY_LIMIT + 1);
    return rows && rows.length <= REPLAY_LIMIT ? rows : null;
  }

  /** The newest event's number: where a fresh stream starts. */
  latestId(): number {
    return this.lastId;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.unsubscribeLocal?.();
    await this.listener?.close();
    for (const subscriber of [...this.subscribers]) subscriber.end();
  }

  private every(ms: number, run: () => Promise<unknown>): void {
    const timer = setInterval(() => {
      run().catch((error: unknown) => this.ctx.logger.warn({ err: error }, "staff events: background step failed"));
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private fromNotification(payload: string): void {
    let row: StaffEventRow;
    try {
      row = JSON.parse(payload) as StaffEventRow;
    } catch {
      return;
    }
    this.dispatch(row);
  }

  /** SQLite: reads what committed since the last read (one read at a time; a wake during it reads again after). */
  private drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.drainAgain = false;
          for (;;) {
            const rows = await staffEventsAfter(this.ctx.db, this.lastId, 500);
            for (const row of rows) this.dispatch(row);
            if (rows.length < 500) break;
          }
        } while (this.drainAgain);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  /** PostgreSQL, after the listening connection came back: what was committed while it was away. */
  private async catchUp(): Promise<void> {
    const rows = await staffEventsToReplay(this.ctx.db, this.lastId, REPLAY_SLACK_MS, 10_000);
    for (const row of rows ?? (await staffEventsAfter(this.ctx.db, this.lastId, 10_000))) this.dispatch(row);
  }

  private dispatch(row: StaffEventRow): void {
    const id = Number(row.id);
    if (this.recent.has(id)) return;
    this.recent.add(id);
    if (this.recent.size > 5000) {
      const oldest = this.recent.values().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    if (id > this.lastId) this.lastId = id;
    for (const subscriber of this.subscribers) {
      if (mayReceive(subscriber.role, row)) subscriber.deliver(row);
    }
  }

  /** Ends the streams whose session ended (sign-out, sign-out everywhere, expiry, a disabled account) or whose role changed. */
  private async checkStreams(): Promise<void> {
    if (!this.subscribers.size) return;
    const subscribers = [...this.subscribers];
    const live = await this.checkSessions([...new Set(subscribers.map((s) => s.sessionHash))]);
    for (const subscriber of subscribers) {
      if (live.get(subscriber.sessionHash) !== subscriber.role) subscriber.end();
    }
  }
}

/** Whether a role may hear of an event: the staff area the event names (a salesperson never hears of a financing application). */
export function mayReceive(role: StaffRole, event: Pick<StaffEventRow, "area">): boolean {
  return canUseArea(role, event.area as StaffArea);
}

const hubs = new WeakMap<AppContext, StaffEventHub>();

/** Processes whose hub has stopped (server shutdown): none starts again. */
const stopped = new WeakSet<AppContext>();

/** The process's hub, started on first use; null once the server is stopping. */
export function staffEventHub(ctx: AppContext, checkSessions: SessionCheck): StaffEventHub | null {
  if (stopped.has(ctx)) return null;
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = new StaffEventHub(ctx, checkSessions, { sessionCheckMs: 2000 });
    hubs.set(ctx, hub);
  }
  return hub;
}

/**
 * Stops the process's hub, if it started (server shutdown). No hub starts after it, so a browser that
 * reconnects before the process has gone is sent elsewhere (`streamElsewhere`) rather than held here.
 */
export async function stopStaffEventHub(ctx: AppContext): Promise<void> {
  stopped.add(ctx);
  await hubs.get(ctx)?.stop();
  hubs.delete(ctx);
}
