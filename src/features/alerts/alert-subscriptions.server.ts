import crypto from "node:crypto";
import { mayMailAlerts } from "~/server/alerts/may-mail-alerts.server";
import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import {
  claimAlertConfirmation,
  countAlertConfirmationsSince,
  deleteAlertConfirmation,
  findAlertConfirmationByTokenHash,
  insertAlertConfirmation,
} from "~/server/data/alert-confirmations.server";
import {
  activateAlertItems,
  countAlertItems,
  deleteAlertItem,
  findAlertItem,
  insertAlertItem,
  listAlertItems,
  moveAlertItemToConfirmation,
  pauseAllAlertItems,
  setAlertItemStatus,
  type AlertItemRow,
} from "~/server/data/alert-items.server";
import {
  findAlertSubscriberByManageTokenHash,
  holdAlertSubscriber,
  markAlertSubscriberConfirmed,
  markAlertSubscriberUnsubscribed,
  reserveAlertSubscriber,
  type AlertSubscriberRow,
} from "~/server/data/alert-subscribers.server";
import { customerForAlertAddress } from "~/server/data/customers.server";
import { insertLeadEvent } from "~/server/data/lead-events.server";
import { inTransaction } from "~/server/db/transaction.server";
import { cancelQueuedMails, enqueueMails } from "~/server/data/outbox.server";
import type { Db } from "~/server/db/database.server";
import { ALERT_DIGEST_KIND } from "~/server/mail/mail-kinds";
import { derivedSecretLinkToken, hashSecretLinkToken, newSecretLinkToken, SECRET_LINK_TOKEN_PATTERN } from "~/server/secret-link.server";
import { sign, safeEqual } from "~/server/secrets.server";
import { ALERT_CONSENT_VERSION } from "~/shared/config/alert-consent";
import { asLocale, type Locale } from "~/shared/i18n/locales";
import { toCents } from "~/shared/lib/deal-estimate";
import { MAX_SAVED_SEARCHES, MAX_SAVED_VEHICLES } from "~/shared/lib/saved-on-device";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { ALERT_CONFIRM_VALID_DAYS, alertConfirmationMail } from "./alert-mails.server";
import { alertVehicles, type AlertVehicle } from "./alert-vehicles.server";
import { canonicalSearch, describeSearch } from "./search-description";

/**
 * Confirmation mails one address may be sent in a day, whoever asks: with the per-client limit of the
 * form, what keeps the form from being used to flood someone's inbox (docs/behaviour.md §21).
 */
export const ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The manage link's token of an address: derived from its id, the same in every mail (decision 115). */
export const manageTokenOf = (ctx: Pick<AppContext, "secrets">, subscriberId: string) =>
  derivedSecretLinkToken(ctx.secrets.linkKey, "alerts-manage", subscriberId);

/** What a device asks to follow: vehicle ids and inventory query strings. */
export type AlertTargets = { vehicles: string[]; searches: string[] };

/**
 * The answer to every request, known address or not (docs/behaviour.md §21): the shopper is told to look
 * in their inbox. `addedAtOnce` only when the request came from a device that opened this address's
 * own links (the owner cookie) and the address is confirmed: nothing to confirm then.
 */
export type AlertRequestResult = { kind: "accepted"; addedAtOnce: boolean } | { kind: "nothing-to-follow" };

/**
 * The alerts' one use case for asking (the /alerts form, with or without JavaScript, and POST /api/alerts):
 * reserves the address and holds it (a second request for the same address waits, in any process), then
 * counts and adds what fits (20 vehicles, 10 searches per address) and, unless the device proved it owns
 * the confirmed address, writes a confirmation request and its mail in the same transaction, at most
 * three a day per address. Unknown vehicles and unreadable searches are left out.
 */
export async function requestAlerts(
  ctx: AppContext,
  input: { email: string; locale: Locale; targets: AlertTargets },
  ownerSubscriberId: string | null = null,
): Promise<AlertRequestResult> {
  const now = serverNow(ctx);
  const vehicles = (await alertVehicles(ctx.db, input.targets.vehicles)).filter((v) => v.listed);
  const searches = [...new Set(input.targets.searches.map(canonicalSearch))];
  if (!vehicles.length && !searches.length) return { kind: "nothing-to-follow" };
  const result = await inTransaction(ctx.db, async (trx) => {
    const subscriber = await reserveAlertSubscriber(
      trx,
      { email: input.email, locale: input.locale, manageTokenHash: (id) => hashSecretLinkToken(manageTokenOf(ctx, id)) },
      now,
    );
    if (ownerSubscriberId === subscriber.id && subscriber.status === "confirmed") {
      await addItems(trx, subscriber, vehicles, searches, { status: "active", confirmationId: null }, now);
      return { mailed: false, addedAtOnce: true };
    }
    const token = newSecretLinkToken();
    const confirmationId = crypto.randomUUID();
    await insertAlertConfirmation(trx, {
      id: confirmationId,
      subscriberId: subscriber.id,
      tokenHash: hashSecretLinkToken(token),
      wordingVersion: ALERT_CONSENT_VERSION,
      locale: input.locale,
      email: input.email,
      requestedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ALERT_CONFIRM_VALID_DAYS * DAY_MS).toISOString(),
      confirmedAt: null,
    });
    // Reserved first, counted after (this request's own row included), under the address's hold.
    const recent = await countAlertConfirmationsSince(trx, subscriber.id, new Date(now.getTime() - DAY_MS));
    const mayMail = await mayMailAlerts(trx, input.email, "confirmation");
    if (recent > ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY || !mayMail) {
      await deleteAlertConfirmation(trx, confirmationId);
      return { mailed: false, addedAtOnce: false };
    }
    const added = await addItems(trx, subscriber, vehicles, searches, { status: "pending", confirmationId }, now);
    if (!added.vehicles.length && !added.searches.length) {
      await deleteAlertConfirmation(trx, confirmationId);
      return { mailed: false, addedAtOnce: false };
    }
    await enqueueMails(
      trx,
      [
        alertConfirmationMail(ctx.env, {
          email: input.email,
          locale: input.locale,
          subscriberId: subscriber.id,
          token,
          vehicles: added.vehicles,
          searches: added.searches.map((s) => describeSearch(s, input.locale)),
          limitReached: added.limitReached,
        }),
      ],
      now,
    );
    return { mailed: true, addedAtOnce: false };
  });
  return { kind: "accepted", addedAtOnce: result.addedAtOnce };
}

/**
 * Adds what fits of the request to the address's items: new ones in `as.status`; ones still waiting
 * for an earlier confirmation move to this one; ones it already follows stay as they are.
 */
async function addItems(
  trx: Db,
  subscriber: AlertSubscriberRow,
  vehicles: AlertVehicle[],
  searches: string[],
  as: { status: "active" | "pending"; confirmationId: string | null },
  now: Date,
): Promise<{ vehicles: AlertVehicle[]; searches: string[]; limitReached: boolean }> {
  const counts = await countAlertItems(trx, subscriber.id);
  const added = { vehicles: [] as AlertVehicle[], searches: [] as string[], limitReached: false };
  const consider = async (kind: "vehicle" | "search", target: string, insert: () => Promise<boolean>) => {
    const existing = await findAlertItem(trx, subscriber.id, kind, target);
    if (existing) {
      if (existing.status !== "pending") return false;
      if (as.confirmationId) await moveAlertItemToConfirmation(trx, existing.id, as.confirmationId, now);
      return true;
    }
    if (counts[kind] >= (kind === "vehicle" ? MAX_SAVED_VEHICLES : MAX_SAVED_SEARCHES)) {
      added.limitReached = true;
      return false;
    }
    const inserted = await insert();
    if (inserted) counts[kind] += 1;
    return inserted;
  };
  for (const vehicle of vehicles) {
    const took = await consider("vehicle", vehicle.id, () =>
      insertAlertItem(
        trx,
        {
          subscriberId: subscriber.id,
          kind: "vehicle",
          target: vehicle.id,
          vehicleId: vehicle.id,
          status: as.status,
          confirmationId: as.confirmationId,
          priceBasisCents: toCents(vehicle.price),
          lastStatus: vehicle.status,
          watchFrom: null,
        },
        now,
      ),
    );
    if (took) added.vehicles.push(vehicle);
  }
  for (const search of searches) {
    const took = await consider("search", search, () =>
      insertAlertItem(
        trx,
        {
          subscriberId: subscriber.id,
          kind: "search",
          target: search,
          vehicleId: null,
          status: as.status,
          confirmationId: as.confirmationId,
          priceBasisCents: null,
          lastStatus: null,
          watchFrom: as.status === "active" ? now.toISOString() : null,
        },
        now,
      ),
    );
    if (took) added.searches.push(search);
  }
  return added;
}

/** What a confirmation link says before it is used (its page's GET: a mail scanner's visit confirms nothing). */
export type ConfirmationState =
  | { kind: "pending"; email: string; locale: Locale }
  | { kind: "already"; manageToken: string }
  | { kind: "expired" }
  | { kind: "not-found" };

export async function alertConfirmationState(ctx: AppContext, token: string): Promise<ConfirmationState> {
  if (!SECRET_LINK_TOKEN_PATTERN.test(token)) return { kind: "not-found" };
  const confirmation = await findAlertConfirmationByTokenHash(ctx.db, hashSecretLinkToken(token));
  if (!confirmation) return { kind: "not-found" };
  if (confirmation.confirmedAt) return { kind: "already", manageToken: manageTokenOf(ctx, confirmation.subscriberId) };
  if (Date.parse(confirmation.expiresAt) <= serverNow(ctx).getTime()) return { kind: "expired" };
  return { kind: "pending", email: confirmation.email, locale: asLocale(confirmation.locale) };
}

export type ConfirmResult =
  { kind: "confirmed" | "already"; manageToken: string; subscriberId: string } | { kind: "expired" } | { kind: "not-found" };

/**
 * Confirms a request (the POST of its page): once, whoever clicks twice or in two processes. The address
 * becomes confirmed, the request's items start, and the confirmation row keeps the record of consent
 * (the words' version, the language, the time, the address). The address gets a customer record (source
 * "alerts"; no lead) and its timeline says so.
 */
export async function confirmAlerts(ctx: AppContext, token: string): Promise<ConfirmResult> {
  const state = await alertConfirmationState(ctx, token);
  if (state.kind === "not-found" || state.kind === "expired") return state;
  const confirmation = (await findAlertConfirmationByTokenHash(ctx.db, hashSecretLinkToken(token)))!;
  const manageToken = manageTokenOf(ctx, confirmation.subscriberId);
  const base = { manageToken, subscriberId: confirmation.subscriberId };
  if (state.kind === "already") return { kind: "already", ...base };
  const now = serverNow(ctx);
  const won = await inTransaction(ctx.db, async (trx) => {
    if (!(await claimAlertConfirmation(trx, confirmation.id, now))) return false;
    const subscriber = await holdAlertSubscriber(trx, confirmation.subscriberId, now);
    if (!subscriber) return false;
    const customer = await customerForAlertAddress(trx, confirmation.email, confirmation.locale, now);
    await markAlertSubscriberConfirmed(trx, subscriber.id, customer.id, confirmation.locale, now);
    const started = await activateAlertItems(trx, confirmation.id, now);
    await insertLeadEvent(
      trx,
      {
        customerId: customer.id,
        kind: "alerts-confirmed",
        data: { items: started, consentVersion: confirmation.wordingVersion, locale: confirmation.locale, email: confirmation.email },
      },
      now,
    );
    return true;
  });
  return { kind: won ? "confirmed" : "already", ...base };
}

/** One saved vehicle or search as the manage page shows it. */
export type ManagedAlertItem = {
  id: string;
  kind: "vehicle" | "search";
  status: AlertItemRow["status"];
  /** The vehicle's name, or the search described. */
  label: string;
  /** The vehicle's page, or the inventory with the search's filters (English paths). */
  path: string;
  vehicle: (AlertVehicle & { savedAt: number | null }) | null;
  /** "gone" when the vehicle no longer exists. */
  vehicleState: "available" | "pending" | "sold" | "gone" | null;
};

export type ManagedAlerts = { email: string; status: AlertSubscriberRow["status"]; locale: Locale; items: ManagedAlertItem[] };

async function subscriberOfManageToken(ctx: AppContext, token: string): Promise<AlertSubscriberRow | null> {
  if (!SECRET_LINK_TOKEN_PATTERN.test(token)) return null;
  return findAlertSubscriberByManageTokenHash(ctx.db, hashSecretLinkToken(token));
}

/** The manage page's view of an address, in `locale`; null for an unknown link. */
export async function managedAlerts(ctx: AppContext, token: string, locale: Locale): Promise<ManagedAlerts | null> {
  const subscriber = await subscriberOfManageToken(ctx, token);
  if (!subscriber) return null;
  const items = await listAlertItems(ctx.db, [subscriber.id]);
  const vehicles = new Map(
    (
      await alertVehicles(
        ctx.db,
        items.flatMap((i) => (i.vehicleId ? [i.vehicleId] : [])),
      )
    ).map((v) => [v.id, v]),
  );
  return {
    email: subscriber.email,
    status: subscriber.status,
    locale: asLocale(subscriber.locale),
    items: items.map((item): ManagedAlertItem => {
      if (item.kind === "search")
        return {
          id: item.id,
          kind: "search",
          status: item.status,
          label: describeSearch(item.target, locale),
          path: `/inventory${item.target ? `?${item.target}` : ""}`,
          vehicle: null,
          vehicleState: null,
        };
      const vehicle = item.vehicleId ? vehicles.get(item.vehicleId) : undefined;
      return {
        id: item.id,
        kind: "vehicle",
        status: item.status,
        label: vehicle ? vehicleName(vehicle, locale) : "",
        path: vehicle?.path ?? "/inventory",
        vehicle: vehicle ? { ...vehicle, savedAt: item.priceBasisCents === null ? null : item.priceBasisCents / 100 } : null,
        vehicleState: !vehicle ? "gone" : vehicle.status === "sold" ? "sold" : !vehicle.listed ? "gone" : vehicle.status,
      };
    }),
  };
}

export type ManageAction = "pause" | "resume" | "delete";
export type ManageResult =
  { kind: "done"; action: ManageAction } | { kind: "not-found" } | { kind: "unchanged" } | { kind: "unsubscribed" };

/** Pauses, resumes or deletes one item through the manage link. */
export async function changeAlertItem(ctx: AppContext, token: string, itemId: string, action: ManageAction): Promise<ManageResult> {
  const subscriber = await subscriberOfManageToken(ctx, token);
  if (!subscriber) return { kind: "not-found" };
  // Resuming needs alerts on: an unsubscribed address asks again (and confirms) instead.
  if (action === "resume" && subscriber.status !== "confirmed") return { kind: "unsubscribed" };
  const now = serverNow(ctx);
  const changed =
    action === "delete"
      ? await deleteAlertItem(ctx.db, subscriber.id, itemId)
      : action === "pause"
        ? await setAlertItemStatus(ctx.db, subscriber.id, itemId, "active", "paused", now)
        : await setAlertItemStatus(ctx.db, subscriber.id, itemId, "paused", "active", now);
  return changed ? { kind: "done", action } : { kind: "unchanged" };
}

export type UnsubscribeResult = { kind: "unsubscribed" | "already"; locale: Locale } | { kind: "not-found" };

/**
 * Unsubscribes an address at once (the manage page, its unsubscribe page, and a mail client's one-click
 * POST): no alert is written for it again, the alert mails already queued are cancelled, every item is
 * paused, and the customer's timeline says so. Twice is harmless.
 */
export async function unsubscribeAlerts(ctx: AppContext, token: string): Promise<UnsubscribeResult> {
  const subscriber = await subscriberOfManageToken(ctx, token);
  if (!subscriber) return { kind: "not-found" };
  const now = serverNow(ctx);
  const changed = await inTransaction(ctx.db, async (trx) => {
    if (!(await markAlertSubscriberUnsubscribed(trx, subscriber.id, now))) return false;
    await pauseAllAlertItems(trx, subscriber.id, now);
    if (subscriber.customerId) {
      await cancelQueuedMails(trx, "customer", subscriber.customerId, ALERT_DIGEST_KIND);
      await insertLeadEvent(
        trx,
        { customerId: subscriber.customerId, kind: "alerts-unsubscribed", data: { email: subscriber.email } },
        now,
      );
    }
    return true;
  });
  if (changed) ctx.logger.info({ subscriberId: subscriber.id }, "alerts unsubscribed");
  return { kind: changed ? "unsubscribed" : "already", locale: asLocale(subscriber.locale) };
}

/** The cookie that tells this device opened an address's own links: its requests need no new confirmation. */
export const ALERT_OWNER_COOKIE = "alerts_owner";
const OWNER_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The owner cookie for a subscriber, signed (the subscriber's id alone would let anyone claim an address). */
export function alertOwnerSetCookie(ctx: Pick<AppContext, "secrets">, subscriberId: string, secure: boolean): string {
  const value = `${subscriberId}.${sign(ctx.secrets.cookieKey, `alerts-owner:${subscriberId}`)}`;
  return `${ALERT_OWNER_COOKIE}=${value}; Path=/; Max-Age=${OWNER_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The subscriber a request's owner cookie names, when its signature holds. */
export function alertOwnerFromCookieHeader(ctx: Pick<AppContext, "secrets">, cookieHeader: string | null | undefined): string | null {
  const pair = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${ALERT_OWNER_COOKIE}=`));
  const [id, signature] = (pair?.slice(ALERT_OWNER_COOKIE.length + 1) ?? "").split(".");
  if (!id || !signature) return null;
  return safeEqual(signature, sign(ctx.secrets.cookieKey, `alerts-owner:${id}`)) ? id : null;
}

/** The subscriber of a manage link, for the owner cookie its page sets. */
export async function subscriberIdOfManageToken(ctx: AppContext, token: string): Promise<string | null> {
  return (await subscriberOfManageToken(ctx, token))?.id ?? null;
}
