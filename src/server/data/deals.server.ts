import { sql, type Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { DealTable, LeadStatus } from "~/server/db/schema.server";
import { LEAD_STATUS_COLUMNS, type LeadStatusFields } from "./leads.server";
import type { PageCursor } from "./page-cursor.server";
import { toCents, type Estimate, type EstimateInput } from "~/shared/lib/deal-estimate";
import { massachusettsWarranty } from "~/shared/lib/massachusetts-warranty";
import { warrantyTermsFor, type WarrantyTerms } from "~/shared/lib/warranty-terms";

/** The vehicle as it was when the sheet was sent: its description never follows later edits. */
export type DealVehicle = {
  id: string;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  vin: string;
  stockNumber: string | null;
  mileage: number;
};

export type DealShopper = { firstName: string; lastName: string; email: string; phone: string };

/** One version of a deal sheet as the features see it: money in dollars with cents, as the estimate gives it. */
export type Deal = {
  id: string;
  version: number;
  /** The first version's id, shared by every version of the deal. */
  dealGroupId: string;
  replacedById: string | null;
  replacedAt: string | null;
  /** The staff member who sent a revision; null for the shopper's own request. */
  sentBy: string | null;
  vehicle: DealVehicle;
  input: EstimateInput;
  estimate: Estimate;
  /** 0.0625 is 6.25 %, as the settings had it when the sheet was sent. */
  salesTaxRate: number;
  shopper: DealShopper;
  locale: string;
  consentAt: string;
  /** The last day the numbers hold, a dealership calendar date (yyyy-MM-dd). */
  validUntil: string;
  /** The warranty the sheet printed, frozen with the numbers (decision 091). */
  warranty: WarrantyTerms;
  createdAt: string;
  /**
   * The deal's lead status and first response (response time), the same for every version: the deal is
   * one lead, named by its first version's id, and `leads` keeps them (decision 109).
   */
  leadStatus: LeadStatus;
  firstStatusChangeAt: string | null;
};

export type NewDeal = Omit<Deal, "replacedById" | "replacedAt" | "leadStatus" | "firstStatusChangeAt" | "createdAt"> & {
  tokenHash: string;
};

const dollars = (cents: number) => cents / 100;

/**
 * A sheet sent before its warranty was frozen (migration 030): the statute's terms for its price with
 * the doc fee and its mileage, which is what those sheets said.
 */
function warrantyOfOldSheet(r: Selectable<DealTable>): WarrantyTerms {
  const salePrice = dollars(r.priceCents + r.docFeeCents);
  const warrantyType = massachusettsWarranty(salePrice, r.vehicleMileage) ? "dealer" : "implied";
  return warrantyTermsFor({ salePrice, mileage: r.vehicleMileage, warrantyType, warrantyTerms: null });
}

/** Versions with their deal's lead status: a deal is a lead of kind `deal`, named by its first version's id. */
const withLeadStatus = (db: Db) =>
  db
    .selectFrom("deals")
    .leftJoin("leads", (join) => join.on("leads.type", "=", "deal").onRef("leads.id", "=", "deals.dealGroupId"))
    .selectAll("deals")
    .select(LEAD_STATUS_COLUMNS);

function fromRow(r: Selectable<DealTable> & LeadStatusFields): Deal {
  const published = r.ratesSource !== null;
  return {
    id: r.id,
    version: r.version,
    dealGroupId: r.dealGroupId,
    replacedById: r.replacedById,
    replacedAt: r.replacedAt,
    sentBy: r.sentBy,
    vehicle: {
      id: r.vehicleId,
      year: r.vehicleYear,
      make: r.vehicleMake,
      model: r.vehicleModel,
      trim: r.vehicleTrim,
      vin: r.vehicleVin,
      stockNumber: r.vehicleStockNumber,
      mileage: r.vehicleMileage,
    },
    input: {
      downPayment: dollars(r.downPaymentCents),
      tradeInValue: dollars(r.tradeInValueCents),
      tradeInPayoff: dollars(r.tradeInPayoffCents),
      creditBand: r.creditBand,
      termMonths: r.termMonths,
    },
    estimate: {
      price: dollars(r.priceCents),
      docFee: dollars(r.docFeeCents),
      tradeInValue: dollars(r.tradeInValueCents),
      tradeInPayoff: dollars(r.tradeInPayoffCents),
      taxableAmount: dollars(r.taxableAmountCents),
      salesTax: dollars(r.salesTaxCents),
      titleFee: dollars(r.titleFeeCents),
      registrationFee: dollars(r.registrationFeeCents),
      outTheDoor: dollars(r.outTheDoorCents),
      tradeInEquity: dollars(r.tradeInValueCents - r.tradeInPayoffCents),
      amountDueToYou: dollars(Number(r.amountDueToYouCents)),
      amountFinanced: dollars(r.amountFinancedCents),
      apr: published ? r.aprThousandths / 1000 : null,
      termMonths: r.termMonths,
      monthlyPayment: published ? dollars(r.monthlyPaymentCents) : null,
      finalPayment: published ? dollars(r.finalPaymentCents ?? r.monthlyPaymentCents) : null,
      financeCharge: published ? dollars(r.financeChargeCents ?? r.totalOfPaymentsCents - r.amountFinancedCents) : null,
      totalOfPayments: published ? dollars(r.totalOfPaymentsCents) : null,
      ratesSource: r.ratesSource,
    },
    salesTaxRate: r.salesTaxRateMillionths / 1_000_000,
    shopper: { firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone },
    locale: r.locale,
    consentAt: r.consentAt,
    validUntil: r.validUntil,
    warranty: r.warrantyTerms ? (JSON.parse(r.warrantyTerms) as WarrantyTerms) : warrantyOfOldSheet(r),
    createdAt: r.createdAt,
    leadStatus: r.leadStatus,
    firstStatusChangeAt: r.firstStatusChangeAt,
  };
}

/** Stores one version, its numbers as whole cents. */
export async function insertDeal(db: Db, deal: NewDeal, now = new Date()): Promise<void> {
  const { vehicle: v, input, estimate: e, shopper: s } = deal;
  await db
    .insertInto("deals")
    .values({
      id: deal.id,
      tokenHash: deal.tokenHash,
      version: deal.version,
      dealGroupId: deal.dealGroupId,
      sentBy: deal.sentBy,
      vehicleId: v.id,
      vehicleYear: v.year,
      vehicleMake: v.make,
      vehicleModel: v.model,
      vehicleTrim: v.trim,
      vehicleVin: v.vin,
      vehicleStockNumber: v.stockNumber,
      vehicleMileage: v.mileage,
      creditBand: input.creditBand,
      termMonths: input.termMonths,
      aprThousandths: Math.round((e.apr ?? 0) * 1000),
      salesTaxRateMillionths: Math.round(deal.salesTaxRate * 1_000_000),
      priceCents: toCents(e.price),
      docFeeCents: toCents(e.docFee),
      downPaymentCents: toCents(input.downPayment),
      tradeInValueCents: toCents(e.tradeInValue),
      tradeInPayoffCents: toCents(e.tradeInPayoff),
      taxableAmountCents: toCents(e.taxableAmount),
      salesTaxCents: toCents(e.salesTax),
      titleFeeCents: toCents(e.titleFee),
      registrationFeeCents: toCents(e.registrationFee),
      outTheDoorCents: toCents(e.outTheDoor),
      amountDueToYouCents: toCents(e.amountDueToYou),
      amountFinancedCents: toCents(e.amountFinanced),
      // No published rates: the sheet shows no APR or payment (decision 092); the columns hold 0.
      monthlyPaymentCents: toCents(e.monthlyPayment ?? 0),
      totalOfPaymentsCents: toCents(e.totalOfPayments ?? 0),
      finalPaymentCents: e.finalPayment === null ? null : toCents(e.finalPayment),
      financeChargeCents: e.financeCharge === null ? null : toCents(e.financeCharge),
      ratesSource: e.ratesSource,
      warrantyTerms: JSON.stringify(deal.warranty),
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      phone: s.phone,
      locale: deal.locale,
      consentAt: deal.consentAt,
      validUntil: deal.validUntil,
      createdAt: now.toISOString(),
    })
    .execute();
}

export async function findDeal(db: Db, id: string): Promise<Deal | null> {
  const row = await withLeadStatus(db).where("deals.id", "=", id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

export async function findDealByTokenHash(db: Db, tokenHash: string): Promise<Deal | null> {
  const row = await withLeadStatus(db).where("deals.tokenHash", "=", tokenHash).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** Every version of one deal, oldest first. */
export async function listDealVersions(db: Db, dealGroupId: string): Promise<Deal[]> {
  const rows = await withLeadStatus(db).where("deals.dealGroupId", "=", dealGroupId).orderBy("deals.version").execute();
  return rows.map(fromRow);
}

/** Every version, newest first. */
export async function listDeals(db: Db): Promise<Deal[]> {
  const rows = await withLeadStatus(db).orderBy("deals.createdAt", "desc").orderBy("deals.version", "desc").orderBy("deals.id").execute();
  return rows.map(fromRow);
}

/**
 * One page of the Deals screen (decision 128): each deal's current version (the one not replaced), newest
 * first (created, then id), of one lead status if asked, with how many earlier versions it has (counted
 * in the same query by the group's index); keyset paging, so a page costs the same at any depth; and how
 * many deals there are in all (current versions, the filter aside).
 */
export async function listCurrentDealsPage(
  db: Db,
  query: { status?: LeadStatus; after?: PageCursor; limit: number },
): Promise<{ deals: (Deal & { earlier: number })[]; total: number }> {
  let q = withLeadStatus(db)
    .select((eb) =>
      eb
        .selectFrom("deals as earlier")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("earlier.dealGroupId", "=", "deals.dealGroupId")
        .whereRef("earlier.id", "<>", "deals.id")
        .as("earlier"),
    )
    .where("deals.replacedById", "is", null);
  if (query.status) q = q.where(sql<LeadStatus>`coalesce(${sql.ref("leads.status")}, 'new')`, "=", query.status);
  if (query.after) {
    const { createdAt, id } = query.after;
    q = q.where((eb) => eb.or([eb("deals.createdAt", "<", createdAt), eb.and([eb("deals.createdAt", "=", createdAt), eb("deals.id", ">", id)])]));
  }
  const [rows, count] = await Promise.all([
    q.orderBy("deals.createdAt", "desc").orderBy("deals.id").limit(query.limit).execute(),
    db
      .selectFrom("deals")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("replacedById", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { deals: rows.map((r) => ({ ...fromRow(r), earlier: Number(r.earlier ?? 0) })), total: Number(count.n) };
}

/**
 * Marks a version replaced by a newer one; false when it was already replaced (or does not exist),
 * so two staff members revising the same sheet at once cannot both replace it.
 */
export async function markDealReplaced(db: Db, id: string, replacedById: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("deals")
    .set({ replacedById, replacedAt: now.toISOString() })
    .where("id", "=", id)
    .where("replacedById", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
