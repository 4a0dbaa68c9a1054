import type { LeadSource } from "~/shared/leads/lead-source";
import crypto from "node:crypto";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import {
  findDeal,
  findDealByTokenHash,
  insertDeal,
  listDeals,
  markDealReplaced,
  type Deal,
  type DealVehicle,
} from "~/server/data/deals.server";
import { setLeadStatus } from "~/server/data/lead-status.server";
import { markFirstResponse } from "~/server/data/leads.server";
import { enqueueMails, leadMailsFor } from "~/server/data/outbox.server";
import { addressStaffMails, registerLead } from "~/server/leads/register-lead.server";
import { findListedVehicle, findVehicle } from "~/server/data/vehicles.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import type { Staff } from "~/server/http/staff-request.server";
import { announceQueuedMail } from "~/server/mail/outbox-signal.server";
import { dealSheetMessagesFor } from "~/shared/i18n/deal-sheet-messages";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { localizedPath, type Locale } from "~/shared/i18n/locales";
import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import { computeEstimate, defaultEstimateInput, type Estimate, type EstimateInput } from "~/shared/lib/deal-estimate";
import { massachusettsWarranty, type StatutoryWarranty } from "~/shared/lib/massachusetts-warranty";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { LeadMail, LeadStatus } from "~/shared/staff/lead-tracking";
import { dealRequestMails, dealShopperMail } from "./deal-mails.server";
import { DEAL_HONEYPOT_FIELD, dealRequestSchema, type DealRevisionInput } from "./deal-schema";

/** A sheet link's token: 256 random bits, base64url. Only its SHA-256 is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => crypto.randomBytes(32).toString("base64url");
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

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
  await ctx.db.transaction().execute(async (trx) => {
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
      },
      now,
    );
    const stored = (await findDeal(trx, id))!;
    const { assignee } = await registerLead(
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
    await enqueueMails(
      trx,
      addressStaffMails(ctx.env, [...dealRequestMails(ctx.env, stored, source), dealShopperMail(ctx.env, stored, token, false)], assignee),
      now,
    );
  });
  announceQueuedMail();
  return { kind: "stored", id, url: dealSheetPath(token, locale) };
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
      warranty: StatutoryWarranty | null;
      locale: string;
    }
  | { kind: "replaced"; locale: string };

/**
 * The sheet behind a link, or null for an unknown token. A replaced version says only that it was
 * replaced: its numbers no longer hold, and the newer sheet's link is in the shopper's newer mail.
 */
export async function findDealSheet(ctx: AppContext, token: string, now = new Date()): Promise<DealSheetView | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const deal = await findDealByTokenHash(ctx.db, hashToken(token));
  if (!deal) return null;
  if (deal.replacedById) return { kind: "replaced", locale: deal.locale };
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
    expired: dealerToday(now) > deal.validUntil,
    // The statute's terms for the frozen price and odometer reading (M.G.L. c. 90 §7N¼).
    warranty: massachusettsWarranty(deal.estimate.price, deal.vehicle.mileage),
    locale: deal.locale,
  };
}

/** A version for staff, with its mails' states. */
export type StaffDeal = Deal & { mails: LeadMail[]; expired: boolean };

/** Every version, newest first: the tab shows the current ones and counts the earlier. */
export async function listDealsForStaff(ctx: AppContext, now = new Date()): Promise<StaffDeal[]> {
  const deals = await listDeals(ctx.db);
  const mails = await leadMailsFor(
    ctx.db,
    "deal",
    deals.map((d) => d.id),
  );
  const today = dealerToday(now);
  return deals.map((d) => ({ ...d, mails: mails.get(d.id) ?? [], expired: today > d.validUntil }));
}

const audit = (ctx: AppContext, staff: Staff, action: string, id: string) =>
  insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action, entity: "deal", entityId: id });

export type ReviseDealResult = { kind: "revised"; deal: Deal } | { kind: "replaced" } | { kind: "not-found" };

/**
 * Staff's revision (decision 070): a new version with the numbers recomputed from the settings in
 * force, at the sheet's frozen price unless staff give another, valid for the settings' days from
 * today. The old version is marked replaced (only once: a second revision of the same version is
 * refused) and the shopper gets the new link in their language, in one transaction; audited.
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
  const result = await ctx.db
    .transaction()
    .execute(async (trx): Promise<ReviseDealResult> => {
      const old = await findDeal(trx, id);
      if (!old) return { kind: "not-found" };
      if (old.replacedById) return { kind: "replaced" };
      const estimateInput: EstimateInput = {
        downPayment: input.downPayment,
        tradeInValue: input.tradeInValue,
        tradeInPayoff: input.tradeInPayoff,
        creditBand: input.creditBand,
        termMonths: input.termMonths,
      };
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
          estimate: computeEstimate(input.price ?? old.estimate.price, estimateInput, settings),
          salesTaxRate: settings.salesTaxRate,
          shopper: old.shopper,
          locale: old.locale,
          consentAt: old.consentAt,
          validUntil: addDays(dealerToday(now), settings.dealValidDays),
        },
        now,
      );
      // Reserve, then check: the conditional update is what decides a race between two revisions.
      if (!(await markDealReplaced(trx, id, newId, now))) throw new AlreadyReplaced();
      const revised = (await findDeal(trx, newId))!;
      await enqueueMails(trx, [dealShopperMail(ctx.env, revised, token, true)], now);
      // A revised sheet sent to the shopper answers the lead, which the inbox knows by its first version.
      await markFirstResponse(trx, "deal", old.dealGroupId, now);
      return { kind: "revised", deal: revised };
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyReplaced) return { kind: "replaced" } as const;
      throw error;
    });
  if (result.kind === "revised") {
    announceQueuedMail();
    await audit(ctx, staff, "revise", id);
  }
  return result;
}

class AlreadyReplaced extends Error {}

/** Sets a deal's lead status (the first change is its response time), audited. Null when no such deal. */
export async function setDealStatus(ctx: AppContext, staff: Staff, id: string, status: LeadStatus): Promise<Deal | null> {
  if (!(await setLeadStatus(ctx.db, "deals", id, status))) return null;
  await audit(ctx, staff, `status-${status}`, id);
  return findDeal(ctx.db, id);
}
