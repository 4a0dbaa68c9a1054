import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Decision 090: a deal sheet's out-the-door price is the vehicle's (price, doc fee, tax after the
 * trade-in credit, title, registration), never net of the trade-in, so it is never negative; the
 * buyer's equity beyond it is its own figure, the amount due to them. The payments gain the finance
 * charge and the last payment (at 0 % APR the total of payments is the amount financed), the rates'
 * source (decision 092: none published means no APR or payment on the sheet) and the warranty terms
 * the sheet printed (decision 091), frozen like every other number.
 *
 * Rows already sent are rewritten to the new meaning, from their own numbers: out the door plus the
 * trade-in allowance they had subtracted, the amount due from the equity beyond it; their payments
 * stay as they were mailed (equal payments, their total as computed then), their rates the owner's.
 * Kysely's builders and portable SQL, so it runs on SQLite and PostgreSQL alike.
 */
export const dealPricesNeverNegativeMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("deals")
      .addColumn("amount_due_to_you_cents", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("deals").addColumn("final_payment_cents", "integer").execute();
    await db.schema.alterTable("deals").addColumn("finance_charge_cents", "integer").execute();
    // "owner" | "demo"; null: no rates were published, so the sheet shows no APR and no payment.
    await db.schema.alterTable("deals").addColumn("rates_source", "text").execute();
    // JSON of the warranty terms the sheet printed (src/shared/lib/warranty-terms.ts); null: derived from the statute.
    await db.schema.alterTable("deals").addColumn("warranty_terms", "text").execute();
    await db
      .updateTable("deals")
      .set({
        out_the_door_cents: sql`out_the_door_cents + trade_in_value_cents`,
        amount_due_to_you_cents: sql`case when trade_in_value_cents - trade_in_payoff_cents - (out_the_door_cents + trade_in_value_cents) > 0
          then trade_in_value_cents - trade_in_payoff_cents - (out_the_door_cents + trade_in_value_cents) else 0 end`,
        final_payment_cents: sql`monthly_payment_cents`,
        finance_charge_cents: sql`total_of_payments_cents - amount_financed_cents`,
        rates_source: "owner",
      })
      .execute();
  },
};
