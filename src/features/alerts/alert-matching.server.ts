import { mayMailAlerts } from "~/server/alerts/may-mail-alerts.server";
import type { AppContext } from "~/server/context.server";
import {
  insertAlertEvent,
  insertAlertEvents,
  markAlertEventsHandled,
  waitingAlertEvents,
  type AlertEventRow,
} from "~/server/data/alert-events.server";
import {
  activeAlertSearches,
  changedVehicleItems,
  claimAlertPriceDrop,
  claimAlertStatusChange,
  listAlertItems,
  type ChangedVehicleItem,
} from "~/server/data/alert-items.server";
import { claimNewlyPublicVehicles, forgetAlertPublicVehicles, listAlertPublicVehicleIds } from "~/server/data/alert-public-vehicles.server";
import {
  claimAlertDigest,
  dueAlertDigests,
  markAlertDigestMailed,
  postponeAlertDigest,
  scheduleAlertDigests,
} from "~/server/data/alert-subscribers.server";
import { inTransaction } from "~/server/db/transaction.server";
import { enqueueMails } from "~/server/data/outbox.server";
import type { ListedVehicleFacts } from "~/server/data/vehicles.server";
import type { Db } from "~/server/db/database.server";
import { businessProfile } from "~/shared/config/business-profile";
import { asLocale } from "~/shared/i18n/locales";
import { filterPredicate, filtersFromSearchParams, type FilterableVehicle } from "~/shared/lib/inventory-filters";
import { alertDigestMail, type DigestSection } from "./alert-mails.server";
import { alertVehicles, docFeeCents, listedVehicleFacts, similarForSold } from "./alert-vehicles.server";
import { manageTokenOf } from "./alert-subscriptions.server";
import { dealershipMidnight, digestDueAt, nextMorning, sameDealershipDay } from "./digest-timing";
import { describeSearch } from "./search-description";

const zone = businessProfile.timeZone;

/** When the digests of addresses with a new event become due (see digestDueAt), as one batch update. */
async function scheduleDigests(db: Db, subscriberIds: string[], now: Date, delayMs: number): Promise<void> {
  if (!subscriberIds.length) return;
  await scheduleAlertDigests(db, subscriberIds, {
    midnight: dealershipMidnight(now, zone),
    ifNotMailedToday: digestDueAt(now, null, delayMs, zone),
    ifMailedToday: digestDueAt(now, now, delayMs, zone),
  });
}

/** Vehicle changes and new vehicles handled per transaction: one commit (one fsync on SQLite) for each batch. */
const BATCH = 200;

/**
 * Saved vehicles' changes, each told once: the item's price basis or status moves only where it still
 * holds what this run read (the claim), and the event is written in the same transaction, so two
 * processes seeing the same change record one event, and a crash records none (the next run does).
 * A price below the basis is a drop (the new price becomes the basis); available → pending and
 * anything → sold are told; a vehicle back on sale only updates the status.
 */
async function recordVehicleChanges(ctx: AppContext, changes: ChangedVehicleItem[], now: Date): Promise<number> {
  return inTransaction(ctx.db, async (trx) => {
    const told: string[] = [];
    for (const change of changes) {
      const tell = async (kind: "price-drop" | "pending" | "sold", data: Record<string, unknown>, key: string) => {
        const event = { subscriberId: change.subscriberId, itemId: change.id, kind, vehicleId: change.vehicleId, data, dedupeKey: key };
        if (await insertAlertEvent(trx, event, now)) told.push(change.subscriberId);
      };
      if (change.advertisedCents < change.priceBasisCents) {
        if (await claimAlertPriceDrop(trx, change.id, change.priceBasisCents, change.advertisedCents, now))
          await tell(
            "price-drop",
            { fromCents: change.priceBasisCents, toCents: change.advertisedCents },
            `${change.id}:price-drop:${change.priceBasisCents}>${change.advertisedCents}`,
          );
      }
      if (change.status !== change.lastStatus && (await claimAlertStatusChange(trx, change.id, change.lastStatus, change.status, now))) {
        if (change.status === "sold" || (change.status === "pending" && change.lastStatus === "available"))
          await tell(change.status, {}, `${change.id}:${change.status}:${change.vehicleUpdatedAt}`);
      }
    }
    await scheduleDigests(trx, told, now, ctx.env.alertDigestDelayMs);
    return told.length;
  });
}

type CompiledSearch = { id: string; subscriberId: string; watchFrom: string; matches: (v: FilterableVehicle) => boolean };

/**
 * Vehicles that have just become public, each matched against every saved search once: claimed first
 * (the insert of their row: one process wins each), then each matching search's event written in the
 * same transaction. Searches are bucketed by make, so a vehicle is tested only against its make's
 * searches and those without one.
 */
async function recordNewVehicles(
  ctx: AppContext,
  vehicles: ListedVehicleFacts[],
  byMake: Map<string, CompiledSearch[]>,
  now: Date,
): Promise<number> {
  const nowIso = now.toISOString();
  return inTransaction(ctx.db, async (trx) => {
    const claimed = await claimNewlyPublicVehicles(
      trx,
      vehicles.map((v) => v.id),
      now,
    );
    const events = vehicles
      .filter((vehicle) => claimed.has(vehicle.id))
      .flatMap((vehicle) =>
        [...(byMake.get(vehicle.make) ?? []), ...(byMake.get("") ?? [])]
          .filter((search) => search.watchFrom < nowIso && search.matches(vehicle))
          .map((search) => ({
            subscriberId: search.subscriberId,
            itemId: search.id,
            kind: "new-match" as const,
            vehicleId: vehicle.id,
            dedupeKey: `${search.id}:new-match:${vehicle.id}`,
          })),
      );
    const told = await insertAlertEvents(trx, events, now);
    await scheduleDigests(trx, told, now, ctx.env.alertDigestDelayMs);
    return told.length;
  });
}

export type MatchingRun = { events: number; newVehicles: number; changedItems: number };

/**
 * The matcher (docs/behaviour.md §21, decision 117), run after each vehicle change in this process and
 * as a sweep by every process: the saved vehicles whose price fell below what their shopper was told or
 * whose status moved, and the vehicles that became public since the last run against the saved searches.
 * Every event is claimed in the database, so however many processes run it at once, each is recorded
 * once; none is mailed here (the digests are).
 */
export async function runAlertMatching(ctx: AppContext, now: Date): Promise<MatchingRun> {
  let events = 0;
  const changes = await changedVehicleItems(ctx.db, await docFeeCents(ctx.db));
  for (let i = 0; i < changes.length; i += BATCH) events += await recordVehicleChanges(ctx, changes.slice(i, i + BATCH), now);

  const listed = await listedVehicleFacts(ctx.db);
  const known = await listAlertPublicVehicleIds(ctx.db);
  const listedIds = new Set(listed.map((v) => v.id));
  const gone = [...known].filter((id) => !listedIds.has(id));
  if (gone.length) await forgetAlertPublicVehicles(ctx.db, gone);
  const fresh = listed.filter((v) => !known.has(v.id));
  if (fresh.length) {
    const byMake = new Map<string, CompiledSearch[]>();
    for (const search of await activeAlertSearches(ctx.db)) {
      const filters = filtersFromSearchParams(new URLSearchParams(search.target));
      const compiled = {
        id: search.id,
        subscriberId: search.subscriberId,
        watchFrom: search.watchFrom ?? "",
        matches: filterPredicate(filters),
      };
      const bucket = byMake.get(filters.make) ?? [];
      bucket.push(compiled);
      byMake.set(filters.make, bucket);
    }
    for (let i = 0; i < fresh.length; i += BATCH) events += await recordNewVehicles(ctx, fresh.slice(i, i + BATCH), byMake, now);
  }
  return { events, newVehicles: fresh.length, changedItems: changes.length };
}

/**
 * A digest's sections from its events, in the order they happened. Events of items since paused or
 * deleted, or of vehicles since deleted, are dropped. Several drops of one vehicle read as one (from the
 * price the shopper last saw to today's); a vehicle sold meanwhile is only told as sold.
 */
async function digestSections(
  db: Db,
  events: AlertEventRow[],
  activeItems: Set<string>,
  searches: Map<string, string>,
  locale: ReturnType<typeof asLocale>,
) {
  const vehicles = new Map(
    (
      await alertVehicles(
        db,
        events.map((e) => e.vehicleId),
      )
    ).map((v) => [v.id, v]),
  );
  const sold = new Set(events.filter((e) => e.kind === "sold").map((e) => e.itemId));
  const sections: DigestSection[] = [];
  const kept: AlertEventRow[] = [];
  const dropped: AlertEventRow[] = [];
  const drops = new Map<string, Extract<DigestSection, { kind: "price-drop" }>>();
  for (const event of events) {
    const vehicle = vehicles.get(event.vehicleId);
    if (!vehicle || !activeItems.has(event.itemId)) {
      dropped.push(event);
      continue;
    }
    kept.push(event);
    if (event.kind !== "sold" && event.kind !== "new-match" && sold.has(event.itemId)) continue;
    const data = JSON.parse(event.data) as { fromCents?: number; toCents?: number };
    if (event.kind === "price-drop") {
      const earlier = drops.get(event.itemId);
      if (earlier) {
        earlier.to = (data.toCents ?? 0) / 100;
        continue;
      }
      // The price the shopper saved it at, or one an earlier alert told them?
      const section = {
        kind: "price-drop" as const,
        vehicle,
        from: (data.fromCents ?? 0) / 100,
        to: (data.toCents ?? 0) / 100,
        basis: (await earlierPriceDrop(db, event)) ? ("told" as const) : ("saved" as const),
      };
      drops.set(event.itemId, section);
      sections.push(section);
    } else if (event.kind === "pending") sections.push({ kind: "pending", vehicle });
    else if (event.kind === "sold") sections.push({ kind: "sold", vehicle, similar: await similarForSold(db, vehicle) });
    else sections.push({ kind: "new-match", vehicle, search: describeSearch(searches.get(event.itemId) ?? "", locale) });
  }
  return { sections, kept, dropped };
}

/** Whether an earlier digest already told this item of a price drop. */
async function earlierPriceDrop(db: Db, event: AlertEventRow): Promise<boolean> {
  const row = await db
    .selectFrom("alertEvents")
    .select("id")
    .where("itemId", "=", event.itemId)
    .where("kind", "=", "price-drop")
    .where("id", "<", event.id)
    .where("outcome", "=", "mailed")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes every due digest (docs/behaviour.md §21): one mail per address and dealership day, in its
 * language, through the outbox. Each digest is claimed (its due time cleared where it still holds the
 * value read) in the transaction that writes its mail and marks its events, so two processes write it
 * once and a crash leaves it due. An address that may not be mailed (unsubscribed, do-not-contact) gets
 * nothing and its events are marked suppressed.
 */
export async function runAlertDigests(ctx: AppContext, now: Date): Promise<number> {
  let written = 0;
  for (const due of await dueAlertDigests(ctx.db, now)) {
    const mailed = await inTransaction(ctx.db, async (trx) => {
      const subscriber = await claimAlertDigest(trx, due.id, due.digestDueAt!);
      if (!subscriber) return false;
      // Mailed already this dealership day (a digest scheduled before that mail): tomorrow morning.
      if (subscriber.lastAlertMailAt && sameDealershipDay(new Date(subscriber.lastAlertMailAt), now, zone)) {
        await postponeAlertDigest(trx, subscriber.id, nextMorning(now, zone));
        return false;
      }
      const events = await waitingAlertEvents(trx, subscriber.id);
      if (!events.length) return false;
      if (!subscriber.customerId || !(await mayMailAlerts(trx, subscriber.email, "alert"))) {
        await markAlertEventsHandled(
          trx,
          events.map((e) => e.id),
          "suppressed",
          now,
        );
        return false;
      }
      const locale = asLocale(subscriber.locale);
      const items = (await listAlertItems(trx, [subscriber.id])).filter((i) => i.status === "active");
      const searches = new Map(items.filter((i) => i.kind === "search").map((i) => [i.id, i.target]));
      const { sections, kept, dropped } = await digestSections(trx, events, new Set(items.map((i) => i.id)), searches, locale);
      await markAlertEventsHandled(
        trx,
        dropped.map((e) => e.id),
        "suppressed",
        now,
      );
      if (!sections.length) return false;
      await enqueueMails(
        trx,
        [
          alertDigestMail(ctx.env, {
            email: subscriber.email,
            locale,
            customerId: subscriber.customerId,
            manageToken: manageTokenOf(ctx, subscriber.id),
            sections,
          }),
        ],
        now,
      );
      await markAlertEventsHandled(
        trx,
        kept.map((e) => e.id),
        "mailed",
        now,
      );
      await markAlertDigestMailed(trx, subscriber.id, now);
      return true;
    });
    if (mailed) written += 1;
  }
  if (written) {
    ctx.logger.info({ digests: written }, "alert digests written");
  }
  return written;
}
