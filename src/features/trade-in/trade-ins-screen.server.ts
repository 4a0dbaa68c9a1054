import { data } from "react-router";
import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import type { Staff } from "~/server/http/staff-request.server";
import {
  FIX_FIELDS,
  formFields,
  formNumber,
  leadStatusFilter,
  pageCursorFilter,
  staffFormFailure,
  staffFormSuccess,
  staffLeadStatusPost,
} from "~/server/http/staff-form.server";
import { staffTradeIns } from "~/shared/i18n/en/staff-trade-ins";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import type { LeadStatus } from "~/shared/staff/lead-tracking";
import { LEAD_STATUS_INTENT } from "~/shared/ui/staff/lead-status-form";
import { uuidField } from "~/shared/validation/fields";
import { tradeInOfferSchema } from "./trade-in-schema";
import {
  deleteTradeIn,
  listTradeInsPageForStaff,
  sendTradeInOffer,
  setTradeInStatus,
  staffTradeIn,
  type StaffTradeIn,
} from "./trade-in.server";
import { TRADE_IN_DELETE_INTENT, TRADE_IN_OFFER_INTENT } from "./trade-ins-screen";

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** A page of the list: the newest 50 requests (decision 128). */
export const TRADE_INS_SCREEN_PAGE = 50;

export type TradeInsScreenData = {
  /** The requests, newest first, by the status in the address: one page. */
  tradeIns: StaffTradeIn[];
  /** How many requests there are in all (the filter aside). */
  total: number;
  status: LeadStatus | null;
  /** The filter's message when the address names no status (a link typed by hand). */
  statusError: string | null;
  /** The page the address asks for (`before=`, the last request of the page before), as given. */
  before: string | null;
  /** The page link's message when it is not one this list wrote. */
  beforeError: string | null;
  /** The next page's `before=`, when this page is full. */
  next: string | null;
};

/**
 * /podium/trade-ins?status=&before= (decisions 067, 107, 128): the trade-in requests with their lead
 * status, filtered by the status in the address and 50 to a page, newest first (GET
 * /api/admin/trade-ins's rows). An unknown status or a page link this list did not write is a 400 with
 * the message by the filter.
 */
export async function tradeInsScreen(ctx: AppContext, url: URL) {
  const filter = leadStatusFilter(url);
  const place = pageCursorFilter(url);
  const refused = Boolean(filter.error || place.error);
  const page = await listTradeInsPageForStaff(ctx, {
    status: filter.status ?? undefined,
    after: place.after,
    limit: refused ? 0 : TRADE_INS_SCREEN_PAGE,
  });
  const screen: TradeInsScreenData = {
    tradeIns: refused ? [] : page.tradeIns,
    total: page.total,
    status: filter.status,
    statusError: filter.error,
    before: place.before,
    beforeError: place.error,
    next: refused ? null : page.next,
  };
  return data(screen, { status: refused ? 400 : 200 });
}

export type TradeInScreenData = {
  tradeIn: StaffTradeIn;
  /** Whether this person may delete the request (the owner: DELETE /api/admin/trade-ins/{id}'s rule). */
  canDelete: boolean;
  /** The instant the page was read: the response time's "Waiting …" is the same on the server and in the browser. */
  now: number;
};

/** /podium/trade-ins/{id} (decisions 067, 085, 107): one request with its photos (staff only); 404 for an unknown id. */
export async function tradeInScreen(ctx: AppContext, staff: Staff, id: string): Promise<TradeInScreenData> {
  const lower = id.toLowerCase();
  const tradeIn = isUuid(lower) ? await staffTradeIn(ctx, lower) : null;
  if (!tradeIn) throw data({ error: "Not found" }, { status: 404 });
  return { tradeIn, canDelete: canDeleteTradeIns(staff), now: Date.now() };
}

/** The same rule as the JSON API's route table: only the owner deletes a request. */
const canDeleteTradeIns = (staff: Staff) => staff.role === "owner";

/**
 * The request page's posts, each through its JSON API twin's schema and use case (audited):
 *   - `offer`: an offer sent to the shopper (POST /api/admin/trade-ins/{id}/offer), 400 with each field's message;
 *   - `status`: the lead status (PATCH /api/admin/trade-ins/{id}/status);
 *   - `delete`: the request, its photos and queued mails (DELETE /api/admin/trade-ins/{id}; the owner
 *     only, 403 otherwise), after its confirmation (`?delete=1`), then back to the list.
 */
export async function tradeInScreenAction(ctx: AppContext, request: Request, staff: Staff, pageId: string, form: FormData) {
  const t = staffTradeIns.tab;
  const fields = formFields(form);
  const id = pageId.toLowerCase();
  const intent = fields.intent ?? "";
  if (!isUuid(id)) return staffFormFailure(404, "Not found", { intent });
  if (intent === LEAD_STATUS_INTENT)
    return staffLeadStatusPost(ctx, request, id, fields, async (status) => (await setTradeInStatus(ctx, staff, id, status)) !== null);
  if (intent === TRADE_IN_OFFER_INTENT) {
    const input = { low: fields.low ?? "", high: fields.high ?? "", validDays: formNumber(fields.validDays), note: fields.note ?? "" };
    const parsed = tradeInOfferSchema.safeParse(input);
    if (!parsed.success) return staffFormFailure(400, FIX_FIELDS, { intent, fieldErrors: fieldErrorsOf(parsed.error), input: fields });
    const tradeIn = await staffTradeIn(ctx, id);
    if (!tradeIn || !(await sendTradeInOffer(ctx, staff, id, parsed.data))) return staffFormFailure(404, "Not found", { intent });
    return staffFormSuccess(ctx, request, {
      intent,
      toast: `${t.offerSentTitle}. ${t.offerSentText(`${tradeIn.firstName} ${tradeIn.lastName}`)}`,
    });
  }
  if (intent === TRADE_IN_DELETE_INTENT) {
    // Refused like a page the role may not open: the error page says so, with or without JavaScript.
    if (!canDeleteTradeIns(staff)) throw data({ error: staffMessagesFor().staff.shell.errors.forbidden }, { status: 403 });
    const tradeIn = await staffTradeIn(ctx, id);
    if (!tradeIn || !(await deleteTradeIn(ctx, staff, id))) return staffFormFailure(404, "Not found", { intent });
    return staffFormSuccess(ctx, request, {
      intent,
      toast: `${t.deletedTitle}. ${t.deletedText(`${tradeIn.firstName} ${tradeIn.lastName}`)}`,
      redirectTo: "/podium/trade-ins",
    });
  }
  return staffFormFailure(404, "Not found", { intent });
}
