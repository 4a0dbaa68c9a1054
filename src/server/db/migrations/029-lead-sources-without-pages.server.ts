import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { checkedLeadSource } from "~/shared/leads/lead-source";

/**
 * Lead sources keep only the campaign's parameters, the click ids and the referring site's host
 * (decision 087). A source stored before kept the landing page, which could be a deal's or a trade-in
 * offer's address with its token (review L-7), and the referrer as an origin: each stored source is
 * rewritten through the same check that reads it (the page dropped, the origin's host kept).
 */
export const leadSourcesWithoutPagesMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const rows = (await db.selectFrom("leads").select(["type", "id", "source"]).where("source", "is not", null).execute()) as {
      type: string;
      id: string;
      source: string;
    }[];
    for (const row of rows) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(row.source);
      } catch {
        // Not JSON: nothing of it can be read, so nothing of it is kept.
      }
      const source = checkedLeadSource(parsed);
      const text = source ? JSON.stringify(source) : null;
      if (text === row.source) continue;
      await db.updateTable("leads").set({ source: text }).where("type", "=", row.type).where("id", "=", row.id).execute();
    }
  },
};
