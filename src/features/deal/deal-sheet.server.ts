import type { LeadSource } from "~/shared/leads/lead-source";
import crypto from "node:crypto";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import {
  findDeal,
  findDealByTokenHash,
  insertDeal,
  listCurrentDealsPage,
  listDeals,
  listDealVersions,
  markDealReplaced,
  type Deal,
  type DealVehicle,
} from "~/server/data/deals.server";
import { insertContactConsent } from "~/server/data/contact-consents.server";
import { findLead } from "~/server/data/leads.server";
import { encodePageCursor, type PageCursor } from "~/server/data/page-cursor.server";
import { enqueueMails, leadMailsFor } from "~/server/data/outbox.server";
import { inTransaction } from "~/server/db/transaction.server";
import { changeLeadStatus, recordResponse } from "~/server/leads/lead-status.server";
import { assignArrivingLead, inLeadTransaction, registerLead } from "~/server/leads/register-lead.server";
import { findListedVehicle, findVehicle } from "~/server/data/vehicles.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import type { Staff } from "~/server/http/staff-request.server";
import { CONTACT_CONSENT_VERSION } from "~/shared/config/contact-consent";
import { dealSheetMessagesFor } from "~/shared/i18n/deal-sheet-messages";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { localizedPath, type Locale } from "~/shared/i18n/locales";
import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import {
  advertisedPrice,
  computeEstimate,
  defaultEstimateInput,
  type DealSettings,
  type Estimate,
  type EstimateInput,
} from "~/shared/lib/deal-estimate";
import { formatCents, formatPercent } from "~/shared/lib/money-text";
import { warrantyTermsFor, type WarrantyTerms } from "~/shared/lib/warranty-terms";
import type { Vehicle } from "~/shared/types/vehicle";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { LeadMail, LeadStatus } from "~/shared/staff/lead-tracking";
import { dealRequestMails, dealShopperMail } from "./deal-mails.server";
import { DEAL_HONEYPOT_FIELD, dealRequestSchema, type DealRevisionInput } from "./deal-schema";
import { tokenLinkExpired } from "~/server/token-link-expiry.server";
import { hashSecretLinkToken, newSecretLinkToken, SECRET_LINK_TOKEN_PATTERN } from "~/server/secret-link.server";

const newToken = newSecretLinkToken;
const hashToken = hashSecretLinkToken;

/** The sheet's page for a token in the shopper's language: /deal/{token}, /es/deal/{token}… */
export const dealSheetPath = (token: string, locale: Locale) => localizedPath(`/deal/${token}`, locale);

export type SubmitDealResult =
  | { kind: "stored"; id: string; url: string }
  | { kind: "discarded-bot"; id: string; url: string }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "sold" }
  | { kind: "not-found" };

/**
 * "Send me this deal" (docs/behaviour.md §16): checks the shopper's inputs with the page's schema,
 * computes the estimate once with the settings in force, and stores the sheet with every number and
 * the vehicle's description frozen, together with its mails (the shopper's link, the staff lead
 * with every number, the ADF), in one transaction. Called by POST /api/deals and the deal form's action.
 */
export async function submitDeal(
  ctx: AppContext,
  body: unknown,
  locale: Locale,
  now = new Date(),
  source: LeadSource | null = null,
  /** The client's address, kept with an optional consent to calls and texts (decision 094). */
  clientAddress: string | null = null,
): Promise<SubmitDealResult> {
  const { settings } = await readDealSettings(ctx.db);
  const parsed = dealRequestSchema(dealSheetMessagesFor(locale), estimateMessagesFor(locale), settings.termsMonths).safeParse(body);
  if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
  const values = parsed.data;
  if (values[DEAL_HONEYPOT_FIELD]) {
    ctx.logger.info("deal request discarded: honeypot filled");
    // The same answer as a person's, naming nothing.
    return { kind: "discarded-bot", id: crypto.randomUUID(), url: dealSheetPath(newToken(), locale) };
  }
  const vehicle = await findListedVehicle(ctx.db, values.vehicleId, now);
  if (!vehicle) return (await findVehicle(ctx.db, values.vehicleId, now))?.status === "sold" ? { kind: "sold" } : { kind: "not-found" };
  const defaults = defaultEstimateInput(vehicle.price, settings);
  const input: EstimateInput = {
    downPayment: values.downPayment ?? 0,
    tradeInValue: values.tradeInValue ?? 0,
    tradeInPayoff: values.tradeInPayoff ?? 0,
    creditBand: values.creditBand ?? defaults.creditBand,
    termMonths: values.termMonths ?? defaults.termMonths,
  };
  const id = crypto.randomUUID();
  const token = newToken();
  await inLeadTransaction(ctx.db, { type: "deal", locale }, now, async (trx) => {
    await insertDeal(
      trx,
      {
        id,
        tokenHash: hashToken(token),
        version: 1,
        dealGroupId: id,
        sentBy: null,
        vehicle: {
          id: vehicle.id,
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          trim: vehicle.trim,
          vin: vehicle.vin,
          stockNumber: vehicle.stockNumber,
          mileage: vehicle.mileage,
        },
        input,
        estimate: computeEstimate(vehicle.price, input, settings),
        salesTaxRate: settings.salesTaxRate,
        shopper: { firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone },
        locale,
        consentAt: now.toISOString(),
        validUntil: addDays(dealerToday(now), settings.dealValidDays),
        warranty: vehicleWarranty(vehicle, vehicle.price, settings),
      },
      now,
    );
    const stored = (await findDeal(trx, id))!;
    const arriving = await registerLead(
      trx,
      {
        type: "deal",
        id,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        locale,
        vehicleId: vehicle.id,
        source,
      },
      now,
    );
    if (values.textConsent) {
      const consent = { customerId: arriving.customerId, leadType: "deal", leadId: id, locale, phone: values.phone, clientAddress };
      await insertContactConsent(trx, { ...consent, wordingVersion: CONTACT_CONSENT_VERSION }, now);
    }
    await assignArrivingLead(
      trx,
      ctx.env,
      arriving,
      [...dealRequestMails(ctx.env, stored, source), dealShopperMail(ctx.env, stored, token, null)],
      now,
    );
  });
  return { kind: "stored", id, url: dealSheetPath(token, locale) };
}

/**
 * The warranty a sheet prints for a vehicle at `price` (its cash price; the doc fee is added as the
 * statute's price test reads it): the vehicle's own terms through the one source the Buyers Guide and
 * the Massachusetts warranty print from (decision 091).
 */
function vehicleWarranty(
  vehicle: Pick<Vehicle, "mileage" | "warrantyType" | "warrantyTerms">,
  price: number,
  settings: DealSettings,
): WarrantyTerms {
  return warrantyTermsFor({ ...vehicle, salePrice: advertisedPrice(price, settings) });
}

/** What the sheet's page and PDF show: never the shopper's e-mail or phone. */
export type DealSheetView =
  | {
      kind: "sheet";
      id: string;
      version: number;
      vehicle: DealVehicle & { path: string };
      input: EstimateInput;
      estimate: Estimate;
      salesTaxRate: number;
      shopperName: string;
      createdAt: string;
      validUntil: string;
      expired: boolean;
      /** A newer version was mailed, and this one still holds until its date (decision 093). */
      replacedButHeld: boolean;
      warranty: WarrantyTerms;
      locale: string;
    }
  | { kind: "replaced"; locale: string }
  | { kind: "link-expired"; locale: string };

/**
 * The sheet behind a link, or null for an unknown token. A version staff replaced still shows its
 * numbers while its date has not passed, with a note that a newer one was mailed (a revision never
 * takes back what a held sheet promised: decision 093); after its date it says only that it was
 * replaced, and the newer sheet's link is in the shopper's newer mail. A link 30 days past its numbers'
 * last day says only that it has expired (decision 088): no name, vehicle or figure.
 */
export async function findDealSheet(ctx: AppContext, token: string, now = new Date()): Promise<DealSheetView | null> {
  if (!SECRET_LINK_TOKEN_PATTERN.test(token)) return null;
  const deal = await findDealByTokenHash(ctx.db, hashToken(token));
  if (!deal) return null;
  const expired = dealerToday(now) > deal.validUntil;
  if (deal.replacedById && expired) return { kind: "replaced", locale: deal.locale };
  if (tokenLinkExpired(deal.validUntil, dealerToday(now))) return { kind: "link-expired", locale: deal.locale };
  return {
    kind: "sheet",
    id: deal.id,
    version: deal.version,
    vehicle: { ...deal.vehicle, path: vehiclePath(deal.vehicle) },
    input: deal.input,
    estimate: deal.estimate,
    salesTaxRate: deal.salesTaxRate,
    shopperName: `${deal.shopper.firstName} ${deal.shopper.lastName}`,
    createdAt: deal.createdAt,
    validUntil: deal.validUntil,
    expired,
    replacedButHeld: deal.replacedById !== null,
    warranty: deal.warranty,
    locale: deal.locale,
  };
}

/** A version for staff, with its mails' states. */
export type StaffDeal = Deal & { mails: LeadMail[]; expired: boolean };

/** Every version, newest first (GET /api/admin/deals). */
export async function listDealsForStaff(ctx: AppContext, now = new Date()): Promise<StaffDeal[]> {
  return forStaff(ctx, await listDeals(ctx.db), now);
}

/** What a card of the Deals list shows of a deal's current version, and no more (decision 131). */
export type StaffDealRow = Pick<Deal, "id" | "version" | "validUntil" | "createdAt" | "leadStatus"> & {
  vehicle: Pick<Deal["vehicle"], "year" | "make" | "model" | "trim">;
  shopper: Pick<Deal["shopper"], "firstName" | "lastName">;
  /** How many earlier versions the deal has. */
  earlier: number;
  expired: boolean;
};

/**
 * A page of the Deals screen (decision 128): each deal's current version, newest first, of one lead
 * status if asked, with how many earlier versions it has; `next` continues after its last deal when the
 * page is full; `total` counts every deal. Only what a card shows goes to the page: the whole version
 * (its estimate, contacts and mails) made the list's data four times larger and its page slower to send (decision 131).
 */
export async function listDealsPageForStaff(
  ctx: AppContext,
  query: { status?: LeadStatus; after?: PageCursor; limit: number },
  now = new Date(),
): Promise<{ deals: StaffDealRow[]; next: string | null; total: number }> {
  const page = await listCurrentDealsPage(ctx.db, query);
  const last = page.deals.at(-1);
  const today = dealerToday(now);
  return {
    deals: page.deals.map((d) => ({
      id: d.id,
      version: d.version,
      validUntil: d.validUntil,
      createdAt: d.createdAt,
      leadStatus: d.leadStatus,
      vehicle: { year: d.vehicle.year, make: d.vehicle.make, model: d.vehicle.model, trim: d.vehicle.trim },
      shopper: { firstName: d.shopper.firstName, lastName: d.shopper.lastName },
      earlier: d.earlier,
      expired: today > d.validUntil,
    })),
    next: last && page.deals.length === query.limit ? encodePageCursor(last) : null,
    total: page.total,
  };
}

/** Versions with their mails' states (the mails of these only) and whether their date has passed. */
async function forStaff<D extends Deal>(ctx: AppContext, deals: D[], now: Date): Promise<(D & { mails: LeadMail[]; expired: boolean })[]> {
  const mails = await leadMailsFor(
    ctx.db,
    "deal",
    deals.map((d) => d.id),
  );
  const today = dealerToday(now);
  return deals.map((d) => ({ ...d, mails: mails.get(d.id) ?? [], expired: today > d.validUntil }));
}

/**
 * One deal for staff (its page, /podium/deals/{id}): every version of the deal `id` is one of, newest
 * first, each with its mails' states and whether its date has passed; null when no such deal.
 */
export async function staffDealVersions(ctx: AppContext, id: string, now = new Date()): Promise<StaffDeal[] | null> {
  const named = await findDeal(ctx.db, id);
  if (!named) return null;
  return forStaff(ctx, (await listDealVersions(ctx.db, named.dealGroupId)).reverse(), now);
}

const audit = (ctx: AppContext, staff: Staff, action: string, id: string) =>
  insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action, entity: "deal", entityId: id });

/** The revision's field a refused raise is about (a fee or the tax rate comes from the settings: none). */
export type RaisedField = "price" | "creditBand" | null;

export type ReviseDealResult =
  { kind: "revised"; deal: Deal } | { kind: "replaced" } | { kind: "not-found" } | { kind: "raised"; reason: string; field: RaisedField };

/**
 * What the versions still held promise (decision 093): the lowest vehicle price, doc fee, title and
 * registration fees and sales tax rate of every version of the deal whose date has not passed, and
 * the lowest APR each held version gave its credit band. A held sheet is a written quote: a revision
 * may lower these, never raise them, until the sheet's date.
 */
function heldPromises(versions: Deal[], today: string) {
  const held = versions.filter((v) => v.validUntil >= today);
  const lowest = (pick: (d: Deal) => number) => (held.length ? Math.min(...held.map(pick)) : Number.POSITIVE_INFINITY);
  const aprs = new Map<string, number>();
  for (const v of held) {
    if (v.estimate.apr === null) continue;
    const band = v.input.creditBand;
    aprs.set(band, Math.min(aprs.get(band) ?? Number.POSITIVE_INFINITY, v.estimate.apr));
  }
  return {
    held,
    price: lowest((d) => d.estimate.price),
    docFee: lowest((d) => d.estimate.docFee),
    titleFee: lowest((d) => d.estimate.titleFee),
    registrationFee: lowest((d) => d.estimate.registrationFee),
    salesTaxRate: lowest((d) => d.salesTaxRate),
    aprs,
  };
}

/**
 * Why a revision is refused: the first number it would raise above a held sheet's promise, in staff's
 * English, and the revision's field that number comes from (the price typed, the credit band's APR).
 */
function raisedPromise(
  estimate: Estimate,
  input: EstimateInput,
  salesTaxRate: number,
  promised: ReturnType<typeof heldPromises>,
): { reason: string; field: RaisedField } | null {
  const until = promised.held
    .map((v) => v.validUntil)
    .sort()
    .at(-1)!;
  const money = (n: number) => formatCents(n, "en");
  const said = (what: string, was: string, now: string, field: RaisedField = null) => ({
    reason: `A deal sheet still held until ${until} promised ${what} of ${was}; a revision may not raise it (this one says ${now}). Keep it or lower it, or wait until the held sheet's date has passed.`,
    field,
  });
  if (estimate.price > promised.price) return said("a vehicle price", money(promised.price), money(estimate.price), "price");
  if (estimate.docFee > promised.docFee) return said("a documentation fee", money(promised.docFee), money(estimate.docFee));
  if (estimate.titleFee > promised.titleFee) return said("a title fee", money(promised.titleFee), money(estimate.titleFee));
  if (estimate.registrationFee > promised.registrationFee)
    return said("a registration fee", money(promised.registrationFee), money(estimate.registrationFee));
  if (salesTaxRate > promised.salesTaxRate)
    return said("a sales tax rate", formatPercent(promised.salesTaxRate * 100, "en"), formatPercent(salesTaxRate * 100, "en"));
  const apr = promised.aprs.get(input.creditBand);
  if (apr !== undefined && estimate.apr !== null && estimate.apr > apr)
    return said(
      `an APR for the ${input.creditBand} credit band`,
      formatPercent(apr, "en"),
      formatPercent(estimate.apr, "en"),
      "creditBand",
    );
  return null;
}

/**
 * Staff's revision (decisions 070 and 093): a new version with the numbers recomputed from the settings
 * in force, at the sheet's frozen price unless staff give another, valid for the settings' days from
 * today. Reserve, then check: the current version is first marked replaced by a conditional update
 * (only one revision of a version can win, in one process or several on one database), then the new
 * numbers are compared with every version still held, and a revision that would raise the vehicle
 * price, a fee, the tax rate or a band's APR above what a held sheet promised is rolled back (409
 * with the reason). The shopper gets the new link in their language, in the same transaction; the
 * earlier sheet keeps holding until its date. Audited.
 */
export async function reviseDeal(
  ctx: AppContext,
  staff: Staff,
  id: string,
  input: DealRevisionInput,
  now = new Date(),
): Promise<ReviseDealResult> {
  const { settings } = await readDealSettings(ctx.db);
  const token = newToken();
  const newId = crypto.randomUUID();
  const result = await inTransaction(ctx.db, async (trx): Promise<ReviseDealResult> => {
    const old = await findDeal(trx, id);
    if (!old) return { kind: "not-found" };
    if (old.replacedById) return { kind: "replaced" };
    // Reserve, then check: the conditional update is what decides a race between two revisions.
    if (!(await markDealReplaced(trx, id, newId, now))) throw new AlreadyReplaced();
    const estimateInput: EstimateInput = {
      downPayment: input.downPayment,
      tradeInValue: input.tradeInValue,
      tradeInPayoff: input.tradeInPayoff,
      creditBand: input.creditBand,
      termMonths: input.termMonths,
    };
    const price = input.price ?? old.estimate.price;
    const estimate = computeEstimate(price, estimateInput, settings);
    const promised = heldPromises(await listDealVersions(trx, old.dealGroupId), dealerToday(now));
    const raised = raisedPromise(estimate, estimateInput, settings.salesTaxRate, promised);
    if (raised) throw new RaisedPromise(raised.reason, raised.field);
    const vehicle = await findVehicle(trx, old.vehicle.id, now);
    await insertDeal(
      trx,
      {
        id: newId,
        tokenHash: hashToken(token),
        version: old.version + 1,
        dealGroupId: old.dealGroupId,
        sentBy: staff.actor,
        vehicle: old.vehicle,
        input: estimateInput,
        estimate,
        salesTaxRate: settings.salesTaxRate,
        shopper: old.shopper,
        locale: old.locale,
        consentAt: old.consentAt,
        validUntil: addDays(dealerToday(now), settings.dealValidDays),
        // The vehicle's warranty as it stands (a deleted vehicle: the one the earlier sheet printed).
        warranty: vehicle ? vehicleWarranty({ ...vehicle, mileage: old.vehicle.mileage }, price, settings) : old.warranty,
      },
      now,
    );
    const revised = (await findDeal(trx, newId))!;
    await enqueueMails(trx, [dealShopperMail(ctx.env, revised, token, old)], now);
    // A revised sheet sent to the shopper answers the lead (its first response, `contacted` if it was
    // still new: decision 109), which the inbox knows by its first version.
    const lead = await findLead(trx, "deal", old.dealGroupId);
    if (lead) await recordResponse(trx, staff, [lead], now);
    return { kind: "revised", deal: (await findDeal(trx, newId))! };
  }).catch((error: unknown) => {
    if (error instanceof AlreadyReplaced) return { kind: "replaced" } as const;
    if (error instanceof RaisedPromise) return { kind: "raised", reason: error.message, field: error.field } as const;
    throw error;
  });
  if (result.kind === "revised") await audit(ctx, staff, "revise", id);
  return result;
}

/** Thrown inside the revision's transaction so that its reservation rolls back with it. */
class RaisedPromise extends Error {
  constructor(
    reason: string,
    readonly field: RaisedField,
  ) {
    super(reason);
  }
}
class AlreadyReplaced extends Error {}

/**
 * Sets a deal's lead status from any of its versions: the deal is one lead, named by its first
 * version's id, and its status is the one the inbox and the customer record show (decision 109; the
 * first change is its response time), in its customer's timeline; audited. Null when no such deal.
 */
export async function setDealStatus(ctx: AppContext, staff: Staff, id: string, status: LeadStatus): Promise<Deal | null> {
  const deal = await findDeal(ctx.db, id);
  if (!deal || !(await inTransaction(ctx.db, (trx) => changeLeadStatus(trx, "deal", deal.dealGroupId, status, staff.id)))) return null;
  await audit(ctx, staff, `status-${status}`, id);
  return findDeal(ctx.db, id);
}
