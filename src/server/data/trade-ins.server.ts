import crypto from "node:crypto";
import type { QueryCreator, Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { Database, LeadStatus, TradeInTable } from "~/server/db/schema.server";
import { sql } from "kysely";
import { LEAD_STATUS_COLUMNS, type LeadStatusFields } from "./leads.server";
import type { PageCursor } from "./page-cursor.server";

export type TradeInPhoto = { key: string; width: number; height: number };
export type TradeInCondition = {
  accidents: number;
  warningLights: boolean;
  tires: "good" | "fair" | "poor";
  keys: number;
  smokedIn: boolean;
  titleStatus: "clean" | "salvage" | "rebuilt";
};
/** `validUntil`: the last day the offer holds, a dealership calendar date (yyyy-MM-dd). */
export type TradeInOffer = { low: number; high: number; note: string | null; validUntil: string; sentAt: string };

/** One trade-in appraisal request as the features see it. */
export type TradeIn = {
  id: string;
  vin: string | null;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  /** What the VIN decoder read besides year, make, model and trim (body style, engine…). */
  decoded: Record<string, string> | null;
  mileage: number;
  zip: string;
  condition: TradeInCondition;
  payoff: number | null;
  lender: string | null;
  photos: TradeInPhoto[];
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  locale: string;
  consentAt: string;
  createdAt: string;
  /** Its lead's status and first response (response time), read from `leads` where they are kept (decision 109). */
  leadStatus: LeadStatus;
  firstStatusChangeAt: string | null;
  /** The latest offer sent, or null before the first. */
  offer: TradeInOffer | null;
};

export type TradeInInput = Omit<TradeIn, "id" | "createdAt" | "consentAt" | "leadStatus" | "firstStatusChangeAt" | "offer">;

/** Requests with their lead's status: every request is a lead of kind `trade-in`, by its own id. */
const withLeadStatus = (db: Db) =>
  db
    .selectFrom("tradeIns")
    .leftJoin("leads", (join) => join.on("leads.type", "=", "trade-in").onRef("leads.id", "=", "tradeIns.id"))
    .selectAll("tradeIns")
    .select(LEAD_STATUS_COLUMNS);

function fromRow(r: Selectable<TradeInTable> & LeadStatusFields): TradeIn {
  return {
    id: r.id,
    vin: r.vin,
    year: r.year,
    make: r.make,
    model: r.model,
    trim: r.trim,
    decoded: r.decoded ? (JSON.parse(r.decoded) as Record<string, string>) : null,
    mileage: r.mileage,
    zip: r.zip,
    condition: {
      accidents: r.accidents,
      warningLights: r.warningLights === 1,
      tires: r.tires,
      keys: r.keys,
      smokedIn: r.smokedIn === 1,
      titleStatus: r.titleStatus,
    },
    payoff: r.payoff,
    lender: r.lender,
    photos: JSON.parse(r.photos) as TradeInPhoto[],
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    locale: r.locale,
    consentAt: r.consentAt,
    createdAt: r.createdAt,
    leadStatus: r.leadStatus,
    firstStatusChangeAt: r.firstStatusChangeAt,
    offer:
      r.offerLow !== null && r.offerHigh !== null && r.offerValidUntil && r.offerSentAt
        ? { low: r.offerLow, high: r.offerHigh, note: r.offerNote, validUntil: r.offerValidUntil, sentAt: r.offerSentAt }
        : null,
  };
}

/** Stores one request (the shopper consented when they sent it); returns its id. */
/** Inserts a request and gives it back as stored (RETURNING, not a second read: decision 142); its lead is not registered yet, so `new`. */
export async function insertTradeIn(db: Db, input: TradeInInput, now = new Date()): Promise<TradeIn> {
  return storedTradeIn(await tradeInInsert(db, crypto.randomUUID(), input, now).executeTakeFirstOrThrow());
}

/**
 * `insertTradeIn()`'s insert (RETURNING the row) as a query of its own, for a statement that writes it with
 * the lead's customer on PostgreSQL (`registerLeadWithItsRow()`, decision 162).
 */
export function tradeInInsert(qb: QueryCreator<Database>, id: string, input: TradeInInput, now: Date) {
  const { condition: c, decoded, photos, ...fields } = input;
  return qb
    .insertInto("tradeIns")
    .values({
      id,
      ...fields,
      decoded: decoded ? JSON.stringify(decoded) : null,
      photos: JSON.stringify(photos),
      accidents: c.accidents,
      warningLights: c.warningLights ? 1 : 0,
      tires: c.tires,
      keys: c.keys,
      smokedIn: c.smokedIn ? 1 : 0,
      titleStatus: c.titleStatus,
      consentAt: now.toISOString(),
      createdAt: now.toISOString(),
    })
    .returningAll();
}

/** A request as `tradeInInsert()` returned its row; its lead is not registered yet, so `new`. */
export function storedTradeIn(row: Selectable<TradeInTable>): TradeIn {
  return fromRow({ ...row, leadStatus: "new", firstStatusChangeAt: null });
}

/** Every request, newest first. */
export async function listTradeIns(db: Db): Promise<TradeIn[]> {
  const rows = await withLeadStatus(db).orderBy("tradeIns.createdAt", "desc").orderBy("tradeIns.id").execute();
  return rows.map(fromRow);
}

/**
 * One page of the Trade-ins screen, newest first (created, then id), of one lead status if asked (a
 * request without its lead yet reads `new`): keyset paging, so a page costs the same at any depth;
 * and how many requests there are in all.
 */
export async function listTradeInsPage(
  db: Db,
  query: { status?: LeadStatus; after?: PageCursor; limit: number },
): Promise<{ tradeIns: TradeIn[]; total: number }> {
  let q = withLeadStatus(db);
  if (query.status) q = q.where(sql<LeadStatus>`coalesce(${sql.ref("leads.status")}, 'new')`, "=", query.status);
  if (query.after) {
    const { createdAt, id } = query.after;
    q = q.where((eb) =>
      eb.or([eb("tradeIns.createdAt", "<", createdAt), eb.and([eb("tradeIns.createdAt", "=", createdAt), eb("tradeIns.id", ">", id)])]),
    );
  }
  const [rows, count] = await Promise.all([
    q.orderBy("tradeIns.createdAt", "desc").orderBy("tradeIns.id").limit(query.limit).execute(),
    db
      .selectFrom("tradeIns")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { tradeIns: rows.map(fromRow), total: Number(count.n) };
}

export async function findTradeIn(db: Db, id: string): Promise<TradeIn | null> {
  const row = await withLeadStatus(db).where("tradeIns.id", "=", id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

export async function findTradeInByOfferTokenHash(db: Db, tokenHash: string): Promise<TradeIn | null> {
  const row = await withLeadStatus(db).where("tradeIns.offerTokenHash", "=", tokenHash).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** Records an offer and its link's token hash (replacing any earlier offer and link); false when no such request. */
export async function setTradeInOffer(
  db: Db,
  id: string,
  offer: { low: number; high: number; note: string | null; validUntil: string; tokenHash: string },
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("tradeIns")
    .set({
      offerLow: offer.low,
      offerHigh: offer.high,
      offerNote: offer.note,
      offerValidUntil: offer.validUntil,
      offerSentAt: now.toISOString(),
      offerTokenHash: offer.tokenHash,
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes one request; false when no such request. */
export async function deleteTradeIn(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("tradeIns").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether any request still has the photo with this content hash (photos are stored once per content). */
export async function tradeInPhotoKeyInUse(db: Db, key: string): Promise<boolean> {
  // The photos column is JSON text; the key is 32 hex digits, so it needs no LIKE escaping.
  const row = await db.selectFrom("tradeIns").select("id").where("photos", "like", `%"${key}"%`).executeTakeFirst();
  return row !== undefined;
}
