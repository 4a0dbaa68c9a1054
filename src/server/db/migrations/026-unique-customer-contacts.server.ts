import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

type LiveCustomer = { id: string; email: string | null; phone: string | null; firstName: string; lastName: string };

/**
 * A live customer's e-mail and phone are each unique (docs/decisions/080-one-customer-per-contact-under-concurrency.md):
 * two leads from one new shopper at the same moment could each create a customer when the lead
 * looked first and inserted after. Records merged away keep their old e-mail and phone, so the
 * indexes are partial (only `merged_into_id IS NULL`).
 *
 * Duplicates made before are resolved first, as a hand merge does: customers sharing an e-mail or
 * a phone (directly or through one another) join the oldest of them (by creation time, then id);
 * the others' leads, timeline, tasks and reply mails move to it, records merged into them follow,
 * it gains an e-mail or phone it lacked, and its timeline says which record joined it.
 */
export const uniqueCustomerContactsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await mergeDuplicateCustomers(db);
    await db.schema
      .createIndex("customers_live_email")
      .on("customers")
      .column("email")
      .unique()
      .where(sql.ref("merged_into_id"), "is", null)
      .execute();
    await db.schema
      .createIndex("customers_live_phone")
      .on("customers")
      .column("phone")
      .unique()
      .where(sql.ref("merged_into_id"), "is", null)
      .execute();
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function mergeDuplicateCustomers(db: Kysely<any>) {
  const live: LiveCustomer[] = await db
    .selectFrom("customers")
    .select(["id", "email", "phone", "firstName", "lastName"])
    .where("mergedIntoId", "is", null)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  // Union-find over shared e-mails and phones: each group's root is its oldest member.
  const parent = new Map<string, string>(live.map((c) => [c.id, c.id]));
  const order = new Map<string, number>(live.map((c, i) => [c.id, i]));
  const root = (id: string): string => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(id, r);
    return r;
  };
  const holder = new Map<string, string>();
  for (const c of live)
    for (const key of [c.email ? `email:${c.email}` : null, c.phone ? `phone:${c.phone}` : null]) {
      if (!key) continue;
      const other = holder.get(key);
      if (!other) {
        holder.set(key, c.id);
        continue;
      }
      const [a, b] = [root(other), root(c.id)];
      if (a !== b) {
        if (order.get(a)! < order.get(b)!) parent.set(b, a);
        else parent.set(a, b);
      }
    }
  const groups = new Map<string, LiveCustomer[]>();
  for (const c of live) {
    const r = root(c.id);
    groups.set(r, [...(groups.get(r) ?? []), c]);
  }
  const at = new Date().toISOString();
  for (const [keepId, members] of groups) {
    if (members.length < 2) continue;
    const keep = members.find((c) => c.id === keepId)!;
    let email = keep.email;
    let phone = keep.phone;
    for (const other of members) {
      if (other.id === keepId) continue;
      email ??= other.email;
      phone ??= other.phone;
      await db.updateTable("customers").set({ mergedIntoId: keepId, updatedAt: at }).where("id", "=", other.id).execute();
      await db.updateTable("customers").set({ mergedIntoId: keepId, updatedAt: at }).where("mergedIntoId", "=", other.id).execute();
      for (const table of ["leads", "lead_events", "tasks"])
        await db.updateTable(table).set({ customerId: keepId }).where("customerId", "=", other.id).execute();
      await db
        .updateTable("outbox")
        .set({ relatedId: keepId })
        .where("relatedType", "=", "customer")
        .where("relatedId", "=", other.id)
        .execute();
      await db
        .insertInto("lead_events")
        .values({
          id: crypto.randomUUID(),
          customerId: keepId,
          kind: "merged",
          data: JSON.stringify({ otherId: other.id, otherName: `${other.firstName} ${other.lastName}`.trim(), by: "upgrade" }),
          createdAt: at,
        })
        .execute();
    }
    if (email !== keep.email || phone !== keep.phone)
      await db.updateTable("customers").set({ email, phone, updatedAt: at }).where("id", "=", keepId).execute();
  }
}
