import crypto from "node:crypto";
import { setLeadStatus } from "~/server/data/lead-status.server";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { deleteLead } from "~/server/data/leads.server";
import { deleteMailsFor, enqueueMails, leadMailsFor } from "~/server/data/outbox.server";
import { addressStaffMails, registerLead } from "~/server/leads/register-lead.server";
import {
  deleteTradeIn as deleteTradeInRow,
  findTradeIn,
  findTradeInByOfferTokenHash,
  insertTradeIn,
  listTradeIns,
  setTradeInOffer,
  tradeInPhotoKeyInUse,
  type TradeIn,
  type TradeInPhoto,
} from "~/server/data/trade-ins.server";
import type { Staff } from "~/server/http/staff-request.server";
import { vehicleImageKeyInUse } from "~/server/data/vehicles.server";
import { ImageRejectedError, removeStoredImage, storeImage } from "~/server/images/image-store.server";
import { photoFromKey } from "~/server/images/image-urls.server";
import { announceQueuedMail } from "~/server/mail/outbox-signal.server";
import type { Locale } from "~/shared/i18n/locales";
import type { LeadSource } from "~/shared/leads/lead-source";
import { tradeInMessagesFor } from "~/shared/i18n/trade-in-messages";
import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import type { LeadMail, LeadStatus } from "~/shared/staff/lead-tracking";
import type { VehiclePhoto } from "~/shared/types/vehicle";
import { tradeInOfferMail, tradeInRequestMails } from "./trade-in-mails.server";
import { HONEYPOT_FIELD, type TradeInFormValues, type TradeInOfferInput } from "./trade-in-schema";

/** What the offline VIN decoder tells a trade-in: the car's name and any other specs it read. */
export type TradeInVinDecode = (vin: string) => Promise<{
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  details: Record<string, string>;
} | null>;

/** A request waits at most this long for its VIN to decode (the first decode unpacks the vPIC database). */
const VIN_DECODE_WAIT_MS = 8_000;

export type SubmitTradeInResult =
  { kind: "stored"; id: string } | { kind: "discarded-bot" } | { kind: "invalid"; fieldErrors: Record<string, string> };

async function decodeInTime(decodeVin: TradeInVinDecode | undefined, vin: string) {
  if (!decodeVin) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), VIN_DECODE_WAIT_MS)));
  return Promise.race([decodeVin(vin).catch(() => null), late]).finally(() => clearTimeout(timer));
}

/**
 * Stores one trade-in request: its photos as image files with their variants (never in the
 * database), the VIN read offline into year, make, model and trim (what the shopper typed wins),
 * then the request and its mails in one transaction. A filled honeypot means a bot: nothing is
 * stored, and the caller answers as if it had been.
 */
export async function submitTradeIn(
  ctx: AppContext,
  values: TradeInFormValues,
  locale: Locale,
  decodeVin?: TradeInVinDecode,
  now = new Date(),
  source: LeadSource | null = null,
): Promise<SubmitTradeInResult> {
  if (values[HONEYPOT_FIELD]) {
    ctx.logger.info("trade-in request discarded: honeypot filled");
    return { kind: "discarded-bot" };
  }
  const e = tradeInMessagesFor(locale).errors;
  const decoded = values.vin ? await decodeInTime(decodeVin, values.vin) : null;
  const year = values.year ?? decoded?.year ?? undefined;
  const make = values.make ?? decoded?.make ?? undefined;
  const model = values.model ?? decoded?.model ?? undefined;
  if (year === undefined || !make || !model) {
    // Only reached with a VIN (the schema asks for year, make and model without one).
    const fieldErrors: Record<string, string> = { vin: e.vinUndecoded };
    if (year === undefined) fieldErrors.year = e.year;
    if (!make) fieldErrors.make = e.make;
    if (!model) fieldErrors.model = e.model;
    return { kind: "invalid", fieldErrors };
  }
  const photos: TradeInPhoto[] = [];
  for (const [i, dataUrl] of values.photos.entries()) {
    try {
      photos.push(await storeImage(ctx.env.dataDir, Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64")));
    } catch (error) {
      if (error instanceof ImageRejectedError) return { kind: "invalid", fieldErrors: { [`photos.${i}`]: e.photo, photos: e.photo } };
      throw error;
    }
  }
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertTradeIn(
      trx,
      {
        vin: values.vin ?? null,
        year,
        make,
        model,
        trim: values.trim ?? decoded?.trim ?? null,
        decoded: decoded && Object.keys(decoded.details).length ? decoded.details : null,
        mileage: values.mileage,
        zip: values.zip,
        condition: values.condition,
        payoff: values.payoff ?? null,
        lender: values.lender ?? null,
        photos,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        locale,
      },
      now,
    );
    const stored = (await findTradeIn(trx, id))!;
    const { assignee } = await registerLead(
      trx,
      {
        type: "trade-in",
        id,
        firstName: stored.firstName,
        lastName: stored.lastName,
        email: stored.email,
        phone: stored.phone,
        locale,
        vehicleId: null,
        source,
      },
      now,
    );
    await enqueueMails(trx, addressStaffMails(ctx.env, tradeInRequestMails(ctx.env, stored, source), assignee), now);
    return id;
  });
  announceQueuedMail();
  return { kind: "stored", id };
}

/** A request for staff: its photos as responsive image sources, and its mails' states. */
export type StaffTradeIn = Omit<TradeIn, "photos"> & { photos: VehiclePhoto[]; mails: LeadMail[] };

export async function listTradeInsForStaff(ctx: AppContext): Promise<StaffTradeIn[]> {
  const tradeIns = await listTradeIns(ctx.db);
  const mails = await leadMailsFor(
    ctx.db,
    "trade-in",
    tradeIns.map((t) => t.id),
  );
  return tradeIns.map((t) => ({ ...t, photos: t.photos.map((p) => photoFromKey(p.key, p.width, p.height)), mails: mails.get(t.id) ?? [] }));
}

const audit = (ctx: AppContext, staff: Staff, action: string, id: string) =>
  insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action, entity: "trade_in", entityId: id });

/** An offer link's token: 256 random bits, base64url. Only its SHA-256 is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOfferToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Records staff's offer (it replaces an earlier one, whose link stops working) and mails the
 * shopper, in their language, a link to it, in one transaction; audited. Null when no such request.
 */
export async function sendTradeInOffer(
  ctx: AppContext,
  staff: Staff,
  id: string,
  input: TradeInOfferInput,
  now = new Date(),
): Promise<{ validUntil: string } | null> {
  const token = crypto.randomBytes(32).toString("base64url");
  const offer = { low: input.low, high: input.high, note: input.note || null, validUntil: addDays(dealerToday(now), input.validDays) };
  const sent = await ctx.db.transaction().execute(async (trx) => {
    if (!(await setTradeInOffer(trx, id, { ...offer, tokenHash: hashOfferToken(token) }, now))) return false;
    const tradeIn = (await findTradeIn(trx, id))!;
    await enqueueMails(trx, [tradeInOfferMail(ctx.env, tradeIn, offer, token)], now);
    return true;
  });
  if (!sent) return null;
  announceQueuedMail();
  await audit(ctx, staff, "offer", id);
  return { validUntil: offer.validUntil };
}

/** What the offer page shows: the car, the offer, and whether it has expired. Never the shopper's contact details. */
export type TradeInOfferView = {
  vehicle: { year: number; make: string; model: string; trim: string | null; mileage: number };
  low: number;
  high: number;
  note: string | null;
  validUntil: string;
  expired: boolean;
  locale: string;
};

/** The offer behind a link, or null for an unknown token. */
export async function findTradeInOffer(ctx: AppContext, token: string, now = new Date()): Promise<TradeInOfferView | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tradeIn = await findTradeInByOfferTokenHash(ctx.db, hashOfferToken(token));
  if (!tradeIn?.offer) return null;
  const { offer } = tradeIn;
  return {
    vehicle: { year: tradeIn.year, make: tradeIn.make, model: tradeIn.model, trim: tradeIn.trim, mileage: tradeIn.mileage },
    low: offer.low,
    high: offer.high,
    note: offer.note,
    validUntil: offer.validUntil,
    expired: dealerToday(now) > offer.validUntil,
    locale: tradeIn.locale,
  };
}

/** Sets a request's lead status (the first change is its response time), audited. Null when no such request. */
export async function setTradeInStatus(ctx: AppContext, staff: Staff, id: string, status: LeadStatus): Promise<TradeIn | null> {
  if (!(await setLeadStatus(ctx.db, "tradeIns", id, status))) return null;
  await audit(ctx, staff, `status-${status}`, id);
  return findTradeIn(ctx.db, id);
}

/**
 * Deletes one request (owner only, decision 067): its row and its outbox mails (they copy the shopper's
 * details) in one transaction, then its photo files, each unless another request or a vehicle shows the
 * same image (files are stored once per content). Audited. False when no such request.
 */
export async function deleteTradeIn(ctx: AppContext, staff: Staff, id: string): Promise<boolean> {
  const tradeIn = await findTradeIn(ctx.db, id);
  if (!tradeIn) return false;
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteTradeInRow(trx, id))) return false;
    await deleteMailsFor(trx, "trade-in", id);
    await deleteLead(trx, "trade-in", id);
    return true;
  });
  if (!deleted) return false;
  await audit(ctx, staff, "delete", id);
  for (const { key } of tradeIn.photos) {
    if ((await tradeInPhotoKeyInUse(ctx.db, key)) || (await vehicleImageKeyInUse(ctx.db, key))) continue;
    try {
      await removeStoredImage(ctx.env.dataDir, key);
    } catch (error) {
      // The request is gone either way; a file left behind is only disk space, so say so and go on.
      ctx.logger.warn({ err: error, tradeInId: id }, "trade-in photo could not be removed");
    }
  }
  return true;
}
