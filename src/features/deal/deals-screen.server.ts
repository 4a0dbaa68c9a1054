import { data } from "react-router";
import type { AppContext } from "~/server/context.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import type { Staff } from "~/server/http/staff-request.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
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
import { staffDeals } from "~/shared/i18n/en/staff-deals";
import type { LeadStatus } from "~/shared/staff/lead-tracking";
import { LEAD_STATUS_INTENT } from "~/shared/ui/staff/lead-status-form";
import { uuidField } from "~/shared/validation/fields";
import { dealRevisionSchema } from "./deal-schema";
import {
  listDealsPageForStaff,
  reviseDeal,
  setDealStatus,
  staffDealVersions,
  type StaffDeal,
  type StaffDealRow,
} from "./deal-sheet.server";
import { DEAL_REVISE_INTENT } from "./deals-screen";

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** A page of the list: the newest 50 deals (decision 128). */
export const DEALS_SCREEN_PAGE = 50;

export type DealsScreenData = {
  /** Each deal's current version (the newest of its group), newest first, by the status in the address: one page. */
  deals: StaffDealRow[];
  /** How many deals there are in all (the filter aside). */
  total: number;
  status: LeadStatus | null;
  /** The filter's message when the address names no status (a link typed by hand). */
  statusError: string | null;
  /** The page the address asks for (`before=`, the last deal of the page before), as given. */
  before: string | null;
  /** The page link's message when it is not one this list wrote. */
  beforeError: string | null;
  /** The next page's `before=`, when this page is full. */
  next: string | null;
};

/**
 * /podium/deals?status=&before= (decisions 070, 107, 128): each deal sheet's current version with its
 * lead status and how many earlier versions it has, filtered by the status in the address and 50 to a
 * page, newest first. An unknown status or a page link this list did not write is a 400 with the message
 * by the filter.
 */
export async function dealsScreen(ctx: AppContext, url: URL) {
  const filter = leadStatusFilter(url);
  const place = pageCursorFilter(url);
  const refused = Boolean(filter.error || place.error);
  const page = await listDealsPageForStaff(ctx, {
    status: filter.status ?? undefined,
    after: place.after,
    limit: refused ? 0 : DEALS_SCREEN_PAGE,
  });
  const screen: DealsScreenData = {
    deals: refused ? [] : page.deals,
    total: page.total,
    status: filter.status,
    statusError: filter.error,
    before: place.before,
    beforeError: place.error,
    next: refused ? null : page.next,
  };
  return data(screen, { status: refused ? 400 : 200 });
}

export type DealScreenData = {
  /** The version the address names. */
  id: string;
  /** Every version of the deal, newest (the current one) first. */
  versions: StaffDeal[];
  /** The terms the owner offers today (the revision's term must be one of them). */
  termsMonths: number[];
  /** The instant the page was read: the response time's "Waiting …" is the same on the server and in the browser. */
  now: number;
};

/**
 * /podium/deals/{id} (decisions 070, 093, 107): one deal with every version, newest first; the id may
 * name any of its versions (a staff mail names the first). 404 for an unknown id.
 */
export async function dealScreen(ctx: AppContext, id: string): Promise<DealScreenData> {
  const lower = id.toLowerCase();
  const versions = isUuid(lower) ? await staffDealVersions(ctx, lower) : null;
  if (!versions?.length) throw data({ error: "Not found" }, { status: 404 });
  const { settings } = await readDealSettings(ctx.db);
  return { id: lower, versions, termsMonths: settings.termsMonths, now: Date.now() };
}

/** An amount as the revision's API takes it: as typed (the schema reads decimal digits only), blank as not sent. */
const amount = (text: string | undefined) => (text === undefined || text.trim() === "" ? undefined : text.trim());

/**
 * The deal page's posts, each through its JSON API twin's schema and use case (audited):
 *   - `status`: the deal's lead status (PATCH /api/admin/deals/{id}/status);
 *   - `revise`: a revision of the current version (POST /api/admin/deals/{id}/revisions): 400 with each
 *     field's message, 409 when the version was already replaced, or when it would raise a number a
 *     sheet still held promised (decision 093: the reason by the field it comes from, the price or the
 *     credit band, else as the form's message). A revision sent goes to the new version's page.
 */
export async function dealScreenAction(ctx: AppContext, request: Request, staff: Staff, pageId: string, form: FormData) {
  const t = staffDeals.tab;
  const fields = formFields(form);
  const id = (fields.dealId ?? "").toLowerCase();
  if (!isUuid(id) || !isUuid(pageId.toLowerCase())) return staffFormFailure(404, "Not found", { intent: fields.intent });
  if (fields.intent === LEAD_STATUS_INTENT)
    return staffLeadStatusPost(ctx, request, id, fields, async (status) => (await setDealStatus(ctx, staff, id, status)) !== null);
  if (fields.intent !== DEAL_REVISE_INTENT) return staffFormFailure(404, "Not found");
  const intent = DEAL_REVISE_INTENT;
  const { settings } = await readDealSettings(ctx.db);
  const input = {
    price: amount(fields.price),
    downPayment: amount(fields.downPayment),
    tradeInValue: amount(fields.tradeInValue),
    tradeInPayoff: amount(fields.tradeInPayoff),
    creditBand: fields.creditBand ?? "",
    termMonths: amount(fields.termMonths) === undefined ? undefined : formNumber(fields.termMonths),
  };
  const parsed = dealRevisionSchema(settings.termsMonths).safeParse(input);
  // What was typed goes back as typed (a term of "12 months" included), so the form shows it again.
  const typed = fields;
  if (!parsed.success) return staffFormFailure(400, FIX_FIELDS, { intent, fieldErrors: fieldErrorsOf(parsed.error), input: typed });
  const result = await reviseDeal(ctx, staff, id, parsed.data);
  if (result.kind === "not-found") return staffFormFailure(404, "Not found", { intent });
  if (result.kind === "replaced")
    return staffFormFailure(409, "This version was already replaced: revise the newest one.", { intent, input: typed });
  if (result.kind === "raised")
    return staffFormFailure(409, result.reason, {
      intent,
      ...(result.field ? { fieldErrors: { [result.field]: result.reason } } : {}),
      input: typed,
    });
  const name = `${result.deal.shopper.firstName} ${result.deal.shopper.lastName}`;
  return staffFormSuccess(ctx, request, { intent, toast: `${t.sent}. ${t.sentText(name)}`, redirectTo: `/podium/deals/${result.deal.id}` });
}
