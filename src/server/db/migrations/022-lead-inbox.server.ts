import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { customerMatchKeys } from "~/shared/leads/customer-match";

/**
 * The lead inbox (docs/decisions/074-one-lead-inbox-customers-and-assignment.md):
 * - `customers`: one record per shopper, matched by e-mail (lower-cased) or phone (E.164);
 *   a merged record points at the one it was merged into.
 * - `leads`: one row per lead of every kind, keyed by its type and the id of its own row
 *   (contact message, financing application, booking, trade-in, deal). It carries what the inbox
 *   lists and filters on, so 50,000 leads list from one indexed table rather than a union.
 * - `lead_events`: the customer's timeline (lead, assignment, status, note, reply, mail…).
 * - staff accounts gain the languages they answer in, an "away" switch and when they last got a
 *   lead (the round-robin turn).
 * Every lead already stored is entered, with its customer, so the inbox starts complete.
 */
export const leadInboxMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("customers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text")
      .addColumn("phone", "text")
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
      .addColumn("merged_into_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("customers_email").on("customers").column("email").execute();
    await db.schema.createIndex("customers_phone").on("customers").column("phone").execute();

    await db.schema
      .createTable("leads")
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("customer_id", "text", (c) => c.notNull())
      .addColumn("assignee_id", "text")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
      .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
      .addColumn("vehicle_id", "text")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("first_response_at", "text")
      // JSON: landing page, referrer, utm_*, gclid, fbclid of the visit that brought the lead.
      .addColumn("source", "text")
      .addPrimaryKeyConstraint("leads_pk", ["type", "id"])
      .execute();
    await db.schema.createIndex("leads_created_at").on("leads").column("created_at").execute();
    await db.schema.createIndex("leads_assignee_created_at").on("leads").columns(["assignee_id", "created_at"]).execute();
    await db.schema.createIndex("leads_customer").on("leads").columns(["customer_id", "created_at"]).execute();
    await db.schema.createIndex("leads_status_created_at").on("leads").columns(["status", "created_at"]).execute();

    await db.schema
      .createTable("lead_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("customer_id", "text", (c) => c.notNull())
      .addColumn("lead_type", "text")
      .addColumn("lead_id", "text")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("staff_id", "text")
      // JSON whose shape depends on the kind; never a secret (no SSN, birth date or signature).
      .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("lead_events_customer").on("lead_events").columns(["customer_id", "created_at"]).execute();

    await db.schema
      .alterTable("staff_accounts")
      .addColumn("languages", "text", (c) => c.notNull().defaultTo("en"))
      .execute();
    await db.schema
      .alterTable("staff_accounts")
      .addColumn("away", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("staff_accounts").addColumn("last_assigned_at", "text").execute();

    await enterStoredLeads(db);
  },
};

type StoredLead = {
  type: string;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  locale: string | null;
  vehicleId: string | null;
  createdAt: string;
  status: string;
  firstResponseAt: string | null;
};

// The migrator's Kysely has the CamelCasePlugin: rows come back, and values go in, camelCased.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function enterStoredLeads(db: Kysely<any>): Promise<void> {
  const stored: StoredLead[] = [];
  const contact = await db.selectFrom("contact_submissions").selectAll().execute();
  for (const r of contact)
    stored.push({
      type: "message",
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      locale: r.locale,
      vehicleId: r.vehicleId,
      createdAt: r.createdAt,
      status: r.leadStatus,
      firstResponseAt: r.firstStatusChangeAt,
    });
  const financing = await db
    .selectFrom("financing_applications")
    .select(["id", "firstName", "lastName", "email", "phone", "locale", "vehicleId", "createdAt", "leadStatus", "firstStatusChangeAt"])
    .execute();
  for (const r of financing)
    stored.push({
      type: "financing",
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      locale: r.locale,
      vehicleId: r.vehicleId,
      createdAt: r.createdAt,
      status: r.leadStatus,
      firstResponseAt: r.firstStatusChangeAt,
    });
  const bookings = await db.selectFrom("bookings").selectAll().execute();
  for (const r of bookings)
    stored.push({
      type: "booking",
      id: r.id,
      firstName: r.customerFirstName,
      lastName: r.customerLastName,
      email: r.customerEmail,
      phone: r.customerPhone,
      locale: r.locale,
      vehicleId: null,
      createdAt: r.createdAt,
      status: r.status === "cancelled" ? "closed" : "new",
      firstResponseAt: null,
    });
  const tradeIns = await db
    .selectFrom("trade_ins")
    .select(["id", "firstName", "lastName", "email", "phone", "locale", "createdAt", "leadStatus", "firstStatusChangeAt"])
    .execute();
  for (const r of tradeIns)
    stored.push({
      type: "trade-in",
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      locale: r.locale,
      vehicleId: null,
      createdAt: r.createdAt,
      status: r.leadStatus,
      firstResponseAt: r.firstStatusChangeAt,
    });
  stored.sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  const byKey = new Map<string, string>();
  for (const lead of stored) {
    const keys = customerMatchKeys(lead.email, lead.phone);
    let customerId = keys.map((k) => byKey.get(k)).find(Boolean);
    if (!customerId) {
      customerId = crypto.randomUUID();
      await db
        .insertInto("customers")
        .values({
          id: customerId,
          email: keys[0]?.startsWith("email:") ? keys[0].slice(6) : null,
          phone: keys.find((k) => k.startsWith("phone:"))?.slice(6) ?? null,
          firstName: lead.firstName,
          lastName: lead.lastName,
          locale: lead.locale ?? "en",
          createdAt: lead.createdAt,
          updatedAt: lead.createdAt,
        })
        .execute();
    }
    for (const key of keys) if (!byKey.has(key)) byKey.set(key, customerId);
    await db
      .insertInto("leads")
      .values({
        type: lead.type,
        id: lead.id,
        customerId: customerId,
        status: lead.status,
        locale: lead.locale ?? "en",
        vehicleId: lead.vehicleId,
        name: `${lead.firstName} ${lead.lastName}`.trim(),
        email: lead.email,
        phone: lead.phone,
        createdAt: lead.createdAt,
        firstResponseAt: lead.firstResponseAt,
      })
      .execute();
    await db
      .insertInto("lead_events")
      .values({
        id: crypto.randomUUID(),
        customerId: customerId,
        leadType: lead.type,
        leadId: lead.id,
        kind: "lead",
        data: "{}",
        createdAt: lead.createdAt,
      })
      .execute();
  }
}
