// The lead benches' data: customers and leads of every kind, language, status and source, and six
// salespeople (bench/lead-inbox.ts, bench/staff-pages.ts).
import crypto from "node:crypto";
import { sql } from "kysely";
import { hashPassword, SCRYPT_PARAMS } from "../src/server/auth/password-hash.server";
import { insertStaffAccount } from "../src/server/data/staff-accounts.server";
import { migrateToLatest, type Db } from "../src/server/db/database.server";
import { engineOf } from "../src/server/db/dialect.server";
import { leadSearchText } from "../src/shared/leads/lead-search-text";

const TYPES = ["message", "financing", "booking", "trade-in"] as const;
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
/** The password of the first salesperson (sales0@bench.example), the one the benches sign in as. */
export const PASSWORD = "bench sales passphrase 2026";

/** `leads` customers and leads, spread over six years of minutes, written in batches inside one transaction. */
export async function fillLeads(db: Db, count: number): Promise<{ email: string }> {
  await migrateToLatest(db);
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
      }
      await trx.insertInto("customers").values(customers).execute();
      await trx.insertInto("leads").values(leads).execute();
    }
  });
  // A database that has held its leads for a day has its statistics (autovacuum's analyze); a table
  // loaded a second ago may not yet, and PostgreSQL would plan from guesses. SQLite plans without them.
  if (engineOf(db) === "postgres") await sql`analyze`.execute(db);
  return { email: "sales0@bench.example" };
}
