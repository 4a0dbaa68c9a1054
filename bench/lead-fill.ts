// The lead benches' data: customers and leads of every kind, language, status and source, each message's,
// trade-in's and deal's own record (so the Messages, Trade-ins and Deals screens list as many as the inbox
// holds), six salespeople and an owner (bench/lead-inbox.ts, bench/staff-pages.ts).
import crypto from "node:crypto";
import { sql } from "kysely";
import { hashPassword, SCRYPT_PARAMS } from "../src/server/auth/password-hash.server";
import { insertStaffAccount } from "../src/server/data/staff-accounts.server";
import { insertVehicleRows } from "../src/server/data/vehicles.server";
import { demoVehicle } from "../src/server/seed/seed-demo.server";
import { migrateToLatest, type Db } from "../src/server/db/database.server";
import { engineOf } from "../src/server/db/dialect.server";
import { leadSearchText } from "../src/shared/leads/lead-search-text";
import { dealRow } from "../tests/support/deal-rows";
import { tradeInRow } from "../tests/support/trade-in-rows";

const TYPES = ["message", "financing", "booking", "trade-in", "deal"] as const;
const LOCALES = ["en", "en", "en", "es", "es", "pt"] as const;
const STATUSES = ["new", "contacted", "contacted", "closed", "closed", "closed"] as const;
const FIRST = ["Maria", "Jose", "Ana", "John", "Emily", "Lucas", "Sofia", "Michael", "Camila", "David", "Beatriz", "Carlos"];
const LAST = ["Silva", "Santos", "Garcia", "Smith", "Johnson", "Oliveira", "Martinez", "Brown", "Costa", "Lopez", "Pereira", "Miller"];
const SOURCES = [
  null,
  null,
  '{"utm_source":"google","utm_medium":"cpc","utm_campaign":"fall"}',
  '{"utm_source":"facebook","utm_medium":"vehicle_listings"}',
];
/** The password of the first salesperson (sales0@bench.example) and of the owner (owner@bench.example). */
export const PASSWORD = "bench sales passphrase 2026";

/** What the benches open: the accounts they sign in as, and a customer, a message, a trade-in and a deal of the middle of the fill. */
export type LeadFill = { email: string; ownerEmail: string; customerId: string; messageId: string; tradeInId: string; dealId: string };

/**
 * `count` customers and leads, spread over six years of minutes, written in batches inside one
 * transaction; a message lead's, a trade-in lead's and a deal lead's own record beside each (a deal sheet:
 * every fourth one revised once, so it has two versions, the first replaced); financing applications and
 * bookings have none here: their leads are the inbox's only.
 */
export async function fillLeads(db: Db, count: number): Promise<LeadFill> {
  await migrateToLatest(db);
  await insertStaffAccount(db, {
    email: "owner@bench.example",
    name: "Bench Owner",
    role: "owner",
    passwordHash: await hashPassword(PASSWORD, SCRYPT_PARAMS),
  });
  const probes: Partial<Record<"customerId" | "messageId" | "tradeInId" | "dealId", string>> = {};
  const sales: string[] = [];
  for (let i = 0; i < 6; i++) {
    const row = await insertStaffAccount(db, {
      email: `sales${i}@bench.example`,
      name: `Sales ${i}`,
      role: "sales",
      passwordHash: i === 0 ? await hashPassword(PASSWORD, SCRYPT_PARAMS) : null,
    });
    sales.push(row.id);
  }
  const start = Date.parse("2020-11-27T12:00:00Z");
  const step = Math.floor((Date.parse("2026-11-27T12:00:00Z") - start) / count);
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < count; from += 500) {
      const customers = [];
      const leads = [];
      const messages = [];
      const tradeIns = [];
      const deals = [];
      for (let i = from; i < Math.min(count, from + 500); i++) {
        const id = crypto.randomUUID();
        const first = FIRST[i % FIRST.length]!;
        const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
        const email = `${first}.${last}.${i}@example.com`.toLowerCase();
        const phone = `+1978${String(2_000_000 + i).padStart(7, "0")}`;
        const createdAt = new Date(start + i * step).toISOString();
        const locale = LOCALES[i % LOCALES.length]!;
        customers.push({ id, email, phone, firstName: first, lastName: last, locale, mergedIntoId: null, createdAt, updatedAt: createdAt });
        const status = i >= count - 300 ? "new" : STATUSES[i % STATUSES.length]!;
        const lead = {
          type: TYPES[i % TYPES.length]!,
          id: crypto.randomUUID(),
          customerId: id,
          // One in twenty is nobody's; the rest in turn.
          assigneeId: i % 20 === 0 ? null : sales[i % sales.length]!,
          status,
          locale,
          vehicleId: null,
          name: `${first} ${last}`,
          email,
          phone: `(978) ${String(200 + (i % 700)).padStart(3, "0")}-${String(i % 10_000).padStart(4, "0")}`,
          createdAt,
          firstResponseAt: status === "new" ? null : new Date(start + i * step + 240_000).toISOString(),
          source: SOURCES[i % SOURCES.length]!,
        };
        // Written as insertLead writes it: the search reads this column.
        leads.push({ ...lead, searchText: leadSearchText(lead) });
        const person = { firstName: first, lastName: last, email, phone: lead.phone, locale, createdAt };
        if (lead.type === "message") {
          messages.push({ id: lead.id, ...person, message: `Is the car still available? (${i})`, vehicleId: null, hasTradeIn: 0 });
        } else if (lead.type === "trade-in") {
          tradeIns.push(
            tradeInRow({
              id: lead.id,
              ...person,
              year: 2012 + (i % 12),
              mileage: 40_000 + (i % 90) * 1_000,
              accidents: i % 3 === 0 ? 1 : 0,
            }),
          );
        } else if (lead.type === "deal") {
          const sheet = { ...person, vehicleYear: 2012 + (i % 12), validUntil: createdAt.slice(0, 10) };
          if (i % 4 === 0) {
            // A revision a minute later: the lead is named by the first version's id (the deal's group).
            const revision = crypto.randomUUID();
            const revisedAt = new Date(start + i * step + 60_000).toISOString();
            deals.push(dealRow({ id: lead.id, ...sheet, replacedById: revision, replacedAt: revisedAt }));
            deals.push(dealRow({ id: revision, ...sheet, dealGroupId: lead.id, version: 2, createdAt: revisedAt }));
          } else deals.push(dealRow({ id: lead.id, ...sheet }));
        }
        if (i >= count / 2) {
          probes.customerId ??= id;
          if (lead.type === "message") probes.messageId ??= lead.id;
          if (lead.type === "trade-in") probes.tradeInId ??= lead.id;
          // A revised deal, so its page shows two versions.
          if (lead.type === "deal" && i % 4 === 0) probes.dealId ??= lead.id;
        }
      }
      await trx.insertInto("customers").values(customers).execute();
      await trx.insertInto("leads").values(leads).execute();
      if (messages.length > 0) await trx.insertInto("contactSubmissions").values(messages).execute();
      if (tradeIns.length > 0) await trx.insertInto("tradeIns").values(tradeIns).execute();
      if (deals.length > 0) await trx.insertInto("deals").values(deals).execute();
    }
  });
  // A database that has held its leads for a day has its statistics (autovacuum's analyze); a table
  // loaded a second ago may not yet, and PostgreSQL would plan from guesses. SQLite plans without them.
  if (engineOf(db) === "postgres") await sql`analyze`.execute(db);
  return {
    email: "sales0@bench.example",
    ownerEmail: "owner@bench.example",
    customerId: probes.customerId!,
    messageId: probes.messageId!,
    tradeInId: probes.tradeInId!,
    dealId: probes.dealId!,
  };
}

/** The vehicle of the middle of the lot, for the benches to open and search. */
export type VehicleProbe = { id: string; stockNumber: string; vin: string; name: string };

/** `count` vehicles of the demo catalogue, no photos, in one transaction. */
export async function fillVehicles(db: Db, count: number): Promise<VehicleProbe> {
  const rows = Array.from({ length: count }, (_, i) => {
    const { photoCount: _photos, daysOnLot: _days, ...fields } = demoVehicle(1000 + i);
    return fields;
  });
  const ids = await db.transaction().execute((trx) => insertVehicleRows(trx, rows));
  const probe = rows[Math.floor(count / 2)]!;
  return {
    id: ids[Math.floor(count / 2)]!,
    stockNumber: probe.stockNumber!,
    vin: probe.vin,
    name: `${probe.year} ${probe.make} ${probe.model}`,
  };
}
