import { listAlertConsents } from "~/server/data/alert-confirmations.server";
import { listAlertEvents } from "~/server/data/alert-events.server";
import { listAlertItems } from "~/server/data/alert-items.server";
import { findAlertSubscribersOfCustomer } from "~/server/data/alert-subscribers.server";
import { findVehicleNames } from "~/server/data/vehicles.server";
import type { Db } from "~/server/db/database.server";
import { vehicleName } from "~/shared/lib/vehicle-name";

/** What a customer saved and was sent through the alerts, as their record shows it (docs/behaviour.md §19, §21). */
export type CustomerAlerts = {
  addresses: {
    email: string;
    status: "pending" | "confirmed" | "unsubscribed";
    locale: string;
    confirmedAt: string | null;
    unsubscribedAt: string | null;
    /** The record of each consent: the words' version, the language, when, and the address it covers. */
    consents: { wordingVersion: string; locale: string; at: string; email: string }[];
  }[];
  /** Saved vehicles (their price when saved or last told, in dollars) and searches (the inventory's query string). */
  saved: {
    kind: "vehicle" | "search";
    status: "pending" | "active" | "paused";
    vehicleId: string | null;
    vehicleName: string | null;
    search: string | null;
    priceBasis: number | null;
    since: string;
  }[];
  /** What happened to them, newest first: `outcome` "mailed" once in a digest, "suppressed" when not mailed, null while waiting. */
  events: { at: string; kind: string; vehicleId: string; vehicleName: string | null; outcome: string | null }[];
};

/** The alerts of a customer's addresses, or null when they never asked for any. */
export async function customerAlerts(db: Db, customerId: string): Promise<CustomerAlerts | null> {
  const subscribers = await findAlertSubscribersOfCustomer(db, customerId);
  if (!subscribers.length) return null;
  const ids = subscribers.map((s) => s.id);
  const [consents, items, events] = await Promise.all([listAlertConsents(db, ids), listAlertItems(db, ids), listAlertEvents(db, ids)]);
  const vehicleIds = [...new Set([...items.flatMap((i) => (i.vehicleId ? [i.vehicleId] : [])), ...events.map((e) => e.vehicleId)])];
  const names = new Map((await findVehicleNames(db, vehicleIds)).map((v) => [v.id, vehicleName(v)]));
  return {
    addresses: subscribers.map((s) => ({
      email: s.email,
      status: s.status,
      locale: s.locale,
      confirmedAt: s.confirmedAt,
      unsubscribedAt: s.unsubscribedAt,
      consents: consents
        .filter((c) => c.subscriberId === s.id)
        .map((c) => ({ wordingVersion: c.wordingVersion, locale: c.locale, at: c.confirmedAt!, email: c.email })),
    })),
    saved: items.map((i) => ({
      kind: i.kind,
      status: i.status,
      vehicleId: i.vehicleId,
      vehicleName: i.vehicleId ? (names.get(i.vehicleId) ?? null) : null,
      search: i.kind === "search" ? i.target : null,
      priceBasis: i.priceBasisCents === null ? null : i.priceBasisCents / 100,
      since: i.createdAt,
    })),
    events: events.map((e) => ({
      at: e.createdAt,
      kind: e.kind,
      vehicleId: e.vehicleId,
      vehicleName: names.get(e.vehicleId) ?? null,
      outcome: e.outcome,
    })),
  };
}
