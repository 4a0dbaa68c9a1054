import { data, redirect } from "react-router";
import type { AppContext } from "~/server/context.server";
import { findCustomer } from "~/server/data/customers.server";
import type { Staff } from "~/server/http/staff-request.server";
import { FIX_FIELDS, formFields, parseStaffForm, staffFormFailure, staffFormSuccess } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { dealerWallClockInstant, dealerWallClockValue } from "~/shared/lib/dealer-clock";
import { uuidField } from "~/shared/validation/fields";
import { CONTACT_CHANNELS } from "~/shared/config/contact-consent";
import { setContactPreferences } from "./contact-preferences.server";
import { callSchema, contactPreferencesSchema, mergeSchema, noteSchema, replySchema, taskSchema } from "./customer-record-schema";
import {
  addNote,
  customerRecord,
  findCustomers,
  logCall,
  mergeCustomers,
  replyToCustomer,
  type ActionResult,
  type CustomerRecord,
  type CustomerSummary,
} from "./customer-record.server";
import { addTask } from "./tasks.server";

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** /podium/customers?q=…: customers by name, e-mail or phone (GET /api/admin/customers's use case). */
export async function customersScreen(ctx: AppContext, url: URL): Promise<{ q: string; customers: CustomerSummary[] | null }> {
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  return { q, customers: q.trim().length >= 2 ? await findCustomers(ctx, q) : null };
}

export type CustomerScreenData = {
  record: CustomerRecord;
  /** The record asked for was merged into this one. */
  mergedFrom: string | null;
  /** The merge section's search (`?mergeQ=`) and its results, this customer left out. */
  mergeQ: string;
  mergeCandidates: CustomerSummary[] | null;
  /** The record a merge asks to join into this one (`?merge=`), shown for confirmation. */
  confirmMerge: CustomerSummary | null;
  /** The task form's due time: an hour from now on the dealership's clock (a datetime-local value). */
  defaultDue: string;
};

/**
 * /podium/customers/{id} (docs/behaviour.md §19): the record (GET /api/admin/customers/{id}'s use
 * case). A merged record's address goes to the record it joined; the merge section's search and its
 * confirmation live in the query string, so they work without JavaScript and survive a reload.
 */
export async function customerScreen(ctx: AppContext, staff: Staff, id: string, url: URL, now = new Date()): Promise<CustomerScreenData> {
  const record = isUuid(id) ? await customerRecord(ctx, id, staff.id) : null;
  if (!record) throw data({ error: "Not found" }, { status: 404 });
  if (record.customer.id !== id) throw redirect(`/podium/customers/${record.customer.id}?mergedFrom=${id}`);
  const mergeQ = (url.searchParams.get("mergeQ") ?? "").slice(0, 200);
  const mergeId = url.searchParams.get("merge") ?? "";
  const other = isUuid(mergeId) && mergeId !== id ? await findCustomer(ctx.db, mergeId) : null;
  const mergedFrom = url.searchParams.get("mergedFrom");
  const due = new Date(Math.ceil((now.getTime() + 3_600_000) / 60_000) * 60_000);
  return {
    record,
    mergedFrom: mergedFrom && isUuid(mergedFrom) ? mergedFrom : null,
    mergeQ,
    mergeCandidates: mergeQ.trim().length >= 2 ? (await findCustomers(ctx, mergeQ)).filter((c) => c.id !== id) : null,
    confirmMerge:
      other && !other.mergedIntoId
        ? {
            id: other.id,
            firstName: other.firstName,
            lastName: other.lastName,
            email: other.email,
            phone: other.phone,
            locale: other.locale,
            createdAt: other.createdAt,
            mergedIntoId: null,
            source: other.source,
          }
        : null,
    defaultDue: dealerWallClockValue(due),
  };
}

/** "type:id" of a form's lead select, or nothing (the customer's latest open lead). */
function leadRef(value: string | undefined): { leadType?: string; leadId?: string } {
  const at = value?.indexOf(":") ?? -1;
  return value && at > 0 ? { leadType: value.slice(0, at), leadId: value.slice(at + 1) } : {};
}

export const CUSTOMER_INTENTS = ["reply", "contact-preferences", "call", "note", "task", "merge"] as const;

/**
 * The record's forms, each through its JSON API twin's schema and use case: reply, do not contact (per
 * channel, decision 094), log a call, note, task, merge. A task's due time is typed on the dealership's clock (a datetime-local value without an
 * offset); the API's schema then reads the instant as it reads one from the API.
 */
export async function customerScreenAction(ctx: AppContext, request: Request, staff: Staff, id: string, form: FormData) {
  const c = staffMessagesFor().customers;
  const fields = formFields(form);
  const intent = fields.intent ?? "";
  if (!isUuid(id)) return staffFormFailure(404, "Not found");
  const answer = <T extends object>(result: ActionResult<T>, input: Record<string, unknown>, toast: string, redirectTo?: string) => {
    if (result.outcome === "not-found") return staffFormFailure(404, "Not found", { intent });
    if (result.outcome === "invalid") return staffFormFailure(400, FIX_FIELDS, { intent, fieldErrors: result.fieldErrors, input });
    if (result.outcome === "conflict") return staffFormFailure(409, result.error, { intent, input });
    return staffFormSuccess(ctx, request, { intent, toast, redirectTo });
  };
  switch (intent) {
    case "reply": {
      const input = { subject: fields.subject, text: fields.text, ...leadRef(fields.lead) };
      const parsed = parseStaffForm(replySchema, input, intent);
      return parsed.ok ? answer(await replyToCustomer(ctx, staff, id, parsed.data), input, c.reply.sent) : parsed.failure;
    }
    case "contact-preferences": {
      // Each channel ticked is "do not contact" (PUT /api/admin/customers/{id}/contact-preferences's body).
      const ticked = new Set(form.getAll("doNotContact").map(String));
      const input = { doNotContact: Object.fromEntries(CONTACT_CHANNELS.map((channel) => [channel, ticked.has(channel)])) };
      const parsed = parseStaffForm(contactPreferencesSchema, input, intent);
      if (!parsed.ok) return parsed.failure;
      const saved = await setContactPreferences(ctx, staff, id, parsed.data);
      return saved
        ? staffFormSuccess(ctx, request, { intent, toast: c.contactPreferences.saved })
        : staffFormFailure(404, "Not found", { intent });
    }
    case "call": {
      const input = { outcome: fields.outcome, note: fields.note, ...leadRef(fields.lead) };
      const parsed = parseStaffForm(callSchema, input, intent);
      return parsed.ok ? answer(await logCall(ctx, staff, id, parsed.data), input, c.call.saved) : parsed.failure;
    }
    case "note": {
      const input = { text: fields.text, ...leadRef(fields.lead) };
      const parsed = parseStaffForm(noteSchema, input, intent);
      return parsed.ok ? answer(await addNote(ctx, staff, id, parsed.data), input, c.note.saved) : parsed.failure;
    }
    case "task": {
      const due = fields.dueAt ?? "";
      const input = {
        kind: fields.kind,
        dueAt: dealerWallClockInstant(due)?.toISOString() ?? due,
        assigneeId: fields.assigneeId,
        note: fields.note,
        ...leadRef(fields.lead),
      };
      const parsed = parseStaffForm(taskSchema, input, intent);
      // What was typed goes back as typed (the dealership's wall clock), not as the instant it was read as.
      if (!parsed.ok)
        return staffFormFailure(400, FIX_FIELDS, { intent, fieldErrors: parsed.failure.data.fieldErrors, input: { ...input, dueAt: due } });
      return answer(await addTask(ctx, staff, id, parsed.data), { ...input, dueAt: due }, c.task.saved);
    }
    case "merge": {
      const input = { otherId: fields.otherId };
      const parsed = parseStaffForm(mergeSchema, input, intent);
      return parsed.ok
        ? answer(await mergeCustomers(ctx, staff, id, parsed.data.otherId), input, c.merge.merged, `/podium/customers/${id}`)
        : parsed.failure;
    }
    default:
      return staffFormFailure(400, FIX_FIELDS, { intent });
  }
}
