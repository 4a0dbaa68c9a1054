import crypto from "node:crypto";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { deleteLead, findLead } from "~/server/data/leads.server";
import { deleteMailsFor, enqueueMails, leadMailsFor } from "~/server/data/outbox.server";
import { inTransaction } from "~/server/db/transaction.server";
import { changeLeadStatus, recordResponse } from "~/server/leads/lead-status.server";
import { assignArrivingLead, inLeadTransaction, registerLeadWithItsRow } from "~/server/leads/register-lead.server";
import { insertContactConsent } from "~/server/data/contact-consents.server";
import { CONTACT_CONSENT_VERSION } from "~/shared/config/contact-consent";
import {
  deleteTradeIn as deleteTradeInRow,
  findTradeIn,
  findTradeInByOfferTokenHash,
  storedTradeIn,
  tradeInInsert,
  listTradeIns,
  listTradeInsPage,
  setTradeInOffer,
  tradeInPhotoKeyInUse,
  type TradeIn,
  type TradeInPhoto,
} from "~/server/data/trade-ins.server";
import type { Staff } from "~/server/http/staff-request.server";
import { vehicleImageKeyInUse } from "~/server/data/vehicles.server";
import {
  ImageRejectedError,
  imageFileKey,
  prepareImage,
  PUBLIC_IMAGES,
  removeImageFiles,
  TRADE_IN_PHOTOS,
  VARIANT_SUFFIXES,
  writePreparedImage,
  type PreparedImage,
} from "~/server/images/image-store.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { encodePageCursor, type PageCursor } from "~/server/data/page-cursor.server";
import { photoFromKey } from "~/server/images/image-urls.server";
import type { Locale } from "~/shared/i18n/locales";
import type { LeadSource } from "~/shared/leads/lead-source";
import { tradeInMessagesFor } from "~/shared/i18n/trade-in-messages";
import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import type { LeadMail, LeadStatus } from "~/shared/staff/lead-tracking";
import type { VehiclePhoto } from "~/shared/types/vehicle";
import { tradeInOfferMail, tradeInRequestMails } from "./trade-in-mails.server";
import { HONEYPOT_FIELD, type TradeInFormValues, type TradeInOfferInput } from "./trade-in-schema";
import { tokenLinkExpired } from "~/server/token-link-expiry.server";
import { hashSecretLinkToken, newSecretLinkToken, SECRET_LINK_TOKEN_PATTERN } from "~/server/secret-link.server";

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
  /** The client's address, kept with an optional consent to calls and texts (decision 094). */
  clientAddress: string | null = null,
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
  // All or nothing: every photo is checked and encoded in memory before any file is written, so a
  // refused photo leaves nothing behind; files this request wrote go again if the request is not stored.
  const prepared: PreparedImage[] = [];
  for (const [i, dataUrl] of values.photos.entries()) {
    try {
      prepared.push(await prepareImage(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64")));
    } catch (error) {
      if (error instanceof ImageRejectedError) return { kind: "invalid", fieldErrors: { [`photos.${i}`]: e.photo, photos: e.photo } };
      throw error;
    }
  }
  const photos: TradeInPhoto[] = prepared.map(({ key, width, height }) => ({ key, width, height }));
  const written: string[] = [];
  let id: string;
  try {
    for (const image of prepared)
      if ((await writePreparedImage(fileStoreFor(ctx), TRADE_IN_PHOTOS, image)).created) written.push(image.key);
    id = await inLeadTransaction(ctx.db, { type: "trade-in", locale }, now, async (trx) => {
      const input = {
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
      };
      const id = crypto.randomUUID();
      // The request is inserted with its customer (decision 162).
      const { row, arriving } = await registerLeadWithItsRow(
        trx,
        {
          type: "trade-in",
          id,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          locale,
          vehicleId: null,
          source,
        },
        (qb) => tradeInInsert(qb, id, input, now),
        now,
      );
      const stored = storedTradeIn(row);
      if (values.textConsent) {
        const consent = { customerId: arriving.customerId, leadType: "trade-in", leadId: id, locale, phone: stored.phone, clientAddress };
        await insertContactConsent(trx, { ...consent, wordingVersion: CONTACT_CONSENT_VERSION }, now);
      }
      await assignArrivingLead(trx, ctx.env, arriving, tradeInRequestMails(ctx.env, stored, source), now);
      return id;
    });
  } catch (error) {
    // Best effort: with the store out of reach these stay, referenced by nothing and served to no one
    // (only a stored request's photos are), until the next sweep (decision 123).
    await removeUnusedPhotos(ctx, written).catch(() => undefined);
    throw error;
  }
  return { kind: "stored", id };
}

/** A request for staff: its photos as responsive image sources, and its mails' states. */
export type StaffTradeIn = Omit<TradeIn, "photos"> & { photos: VehiclePhoto[]; mails: LeadMail[] };

export async function listTradeInsForStaff(ctx: AppContext): Promise<StaffTradeIn[]> {
  return forStaff(ctx, await listTradeIns(ctx.db));
}

/**
 * A page of the Trade-ins screen (decision 128): newest first, of one lead status if asked; `next`
 * continues after its last request when it is full; `total` counts every request.
 */
export async function listTradeInsPageForStaff(
  ctx: AppContext,
  query: { status?: LeadStatus; after?: PageCursor; limit: number },
): Promise<{ tradeIns: StaffTradeIn[]; next: string | null; total: number }> {
  const page = await listTradeInsPage(ctx.db, query);
  const last = page.tradeIns.at(-1);
  return {
    tradeIns: await forStaff(ctx, page.tradeIns),
    next: last && page.tradeIns.length === query.limit ? encodePageCursor(last) : null,
    total: page.total,
  };
}

/** Requests with their photos as responsive image sources and their mails' states (the mails of these only). */
async function forStaff(ctx: AppContext, tradeIns: TradeIn[]): Promise<StaffTradeIn[]> {
  const mails = await leadMailsFor(
    ctx.db,
    "trade-in",
    tradeIns.map((t) => t.id),
  );
  return tradeIns.map((t) => ({
    ...t,
    photos: t.photos.map((p) => photoFromKey(p.key, p.width, p.height, (key, variant) => tradeInPhotoPath(t.id, key, variant))),
    mails: mails.get(t.id) ?? [],
  }));
}

/** One request for staff (its page, /podium/trade-ins/{id}), as the list has it; null when no such request. */
export async function staffTradeIn(ctx: AppContext, id: string): Promise<StaffTradeIn | null> {
  const t = await findTradeIn(ctx.db, id);
  if (!t) return null;
  const mails = await leadMailsFor(ctx.db, "trade-in", [t.id]);
  return {
    ...t,
    photos: t.photos.map((p) => photoFromKey(p.key, p.width, p.height, (key, variant) => tradeInPhotoPath(t.id, key, variant))),
    mails: mails.get(t.id) ?? [],
  };
}

const audit = (ctx: AppContext, staff: Staff, action: string, id: string) =>
  insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action, entity: "trade_in", entityId: id });

/**
 * Records staff's offer (it replaces an earlier one, whose link stops working) and mails the
 * shopper, in their language, a link to it, in one transaction; audited. The offer answers the
 * request: its first response, and `contacted` if it was still new (decision 109). Null when no such request.
 */
export async function sendTradeInOffer(
  ctx: AppContext,
  staff: Staff,
  id: string,
  input: TradeInOfferInput,
  now = new Date(),
): Promise<{ validUntil: string } | null> {
  const token = newSecretLinkToken();
  const offer = { low: input.low, high: input.high, note: input.note || null, validUntil: addDays(dealerToday(now), input.validDays) };
  const sent = await inTransaction(ctx.db, async (trx) => {
    if (!(await setTradeInOffer(trx, id, { ...offer, tokenHash: hashSecretLinkToken(token) }, now))) return false;
    const tradeIn = (await findTradeIn(trx, id))!;
    await enqueueMails(trx, [tradeInOfferMail(ctx.env, tradeIn, offer, token)], now);
    const lead = await findLead(trx, "trade-in", id);
    if (lead) await recordResponse(trx, staff, [lead], now);
    return true;
  });
  if (!sent) return null;
  await audit(ctx, staff, "offer", id);
  return { validUntil: offer.validUntil };
}

/**
 * What the offer page shows: the car, the offer, and whether it has expired. Never the shopper's
 * contact details; nothing at all once the link itself has expired (decision 088).
 */
export type TradeInOfferView = {
  kind: "offer";
  vehicle: { year: number; make: string; model: string; trim: string | null; mileage: number };
  low: number;
  high: number;
  note: string | null;
  validUntil: string;
  expired: boolean;
  locale: string;
};

/** The offer behind a link, or null for an unknown token; past the link's own expiry, only that it expired. */
export async function findTradeInOffer(
  ctx: AppContext,
  token: string,
  now = new Date(),
): Promise<TradeInOfferView | { kind: "link-expired"; locale: string } | null> {
  if (!SECRET_LINK_TOKEN_PATTERN.test(token)) return null;
  const tradeIn = await findTradeInByOfferTokenHash(ctx.db, hashSecretLinkToken(token));
  if (!tradeIn?.offer) return null;
  const { offer } = tradeIn;
  if (tokenLinkExpired(offer.validUntil, dealerToday(now))) return { kind: "link-expired", locale: tradeIn.locale };
  return {
    kind: "offer",
    vehicle: { year: tradeIn.year, make: tradeIn.make, model: tradeIn.model, trim: tradeIn.trim, mileage: tradeIn.mileage },
    low: offer.low,
    high: offer.high,
    note: offer.note,
    validUntil: offer.validUntil,
    expired: dealerToday(now) > offer.validUntil,
    locale: tradeIn.locale,
  };
}

/**
 * Sets a request's lead status, the one the inbox and the customer record show (decision 109; the first
 * change is its response time), in its customer's timeline; audited. Null when no such request.
 */
export async function setTradeInStatus(ctx: AppContext, staff: Staff, id: string, status: LeadStatus): Promise<TradeIn | null> {
  if (!(await inTransaction(ctx.db, (trx) => changeLeadStatus(trx, "trade-in", id, status, staff.id)))) return null;
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
  const deleted = await inTransaction(ctx.db, async (trx) => {
    if (!(await deleteTradeInRow(trx, id))) return false;
    await deleteMailsFor(trx, "trade-in", id);
    await deleteLead(trx, "trade-in", id);
    return true;
  });
  if (!deleted) return false;
  await audit(ctx, staff, "delete", id);
  try {
    await removeUnusedPhotos(
      ctx,
      tradeIn.photos.map((p) => p.key),
    );
  } catch (error) {
    // The request is gone either way; a file left behind is only disk space, so say so and go on.
    ctx.logger.warn({ err: error, tradeInId: id }, "trade-in photo could not be removed");
  }
  return true;
}

/** Removes the files of each photo no request shows any more (files are stored once per content). */
async function removeUnusedPhotos(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of new Set(keys)) {
    if (await tradeInPhotoKeyInUse(ctx.db, key)) continue;
    await removeImageFiles(fileStoreFor(ctx), TRADE_IN_PHOTOS, key);
  }
}

/** Where signed-in staff get one variant of a request's photo. */
export const tradeInPhotoPath = (id: string, key: string, variant: string) => `/api/admin/trade-ins/${id}/photos/${key}-${variant}`;

const PHOTO_FILE = /^([0-9a-f]{32})-(?:400\.webp|800\.webp|1200\.webp|1200\.jpg)$/;

/**
 * One variant of one of a request's photos, for signed-in staff (GET /api/admin/trade-ins/{id}/photos/{file}):
 * its bytes and type, or null unless the request exists and shows that photo (and the file is there).
 */
export async function tradeInPhotoFile(
  ctx: AppContext,
  id: string,
  file: string,
): Promise<{ bytes: Buffer; contentType: "image/jpeg" | "image/webp" } | null> {
  const match = PHOTO_FILE.exec(file);
  if (!match) return null;
  const tradeIn = await findTradeIn(ctx.db, id);
  if (!tradeIn?.photos.some((p) => p.key === match[1])) return null;
  const bytes = await fileStoreFor(ctx).get(`${TRADE_IN_PHOTOS}/${file}`);
  return bytes ? { bytes, contentType: file.endsWith(".jpg") ? "image/jpeg" : "image/webp" } : null;
}

/**
 * Photos stored before trade-in photos were private sit among the public stock photos: moved to the
 * private folder (copied, then removed from the public one unless a vehicle shows the same image). Run
 * at start-up, under the start-up lock; a photo already moved is skipped, so it runs once in effect.
 */
export async function moveTradeInPhotosOutOfPublicImages(ctx: AppContext): Promise<number> {
  const store = fileStoreFor(ctx);
  let moved = 0;
  for (const tradeIn of await listTradeIns(ctx.db)) {
    for (const { key } of tradeIn.photos) {
      if (!(await store.exists(imageFileKey(PUBLIC_IMAGES, key, "1200.jpg")))) continue;
      // The JPEG last, as writePreparedImage does: its presence says the private copy is complete.
      for (const suffix of [...VARIANT_SUFFIXES.filter((s) => s !== "1200.jpg"), "1200.jpg"]) {
        const bytes = await store.get(imageFileKey(PUBLIC_IMAGES, key, suffix));
        if (bytes)
          await store.put(imageFileKey(TRADE_IN_PHOTOS, key, suffix), bytes, suffix.endsWith(".jpg") ? "image/jpeg" : "image/webp");
      }
      if (!(await vehicleImageKeyInUse(ctx.db, key))) await removeImageFiles(store, PUBLIC_IMAGES, key);
      moved++;
    }
  }
  return moved;
}
