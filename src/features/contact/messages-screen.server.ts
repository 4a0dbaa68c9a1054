import { data, redirect } from "react-router";
import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { findLead } from "~/server/data/leads.server";
import { pageCursorField } from "~/server/data/page-cursor.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import {
  FIX_FIELDS,
  recordFormOf,
  isDataRequest,
  staffFormFailure,
  staffFormSuccess,
  staffLeadStatusPost,
  staffQueryInput,
} from "~/server/http/staff-form.server";
import type { Staff } from "~/server/http/staff-request.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { leadStatusFilterField } from "~/shared/staff/lead-tracking";
import { canUseArea } from "~/shared/staff/staff-roles";
import { uuidField } from "~/shared/validation/fields";
import { deleteMessage, findMessage, listMessagesPage, setMessageStatus, type StaffMessage } from "./contact-staff.server";

/**
 * The Messages screens (docs/behaviour.md §2 Staff app, decision 100): /podium/messages, the contact
 * messages newest first, filtered by status through the address, and /podium/messages/{id}, one
 * message. They call the use cases /api/admin/contact-submissions* calls.
 */

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** A page of the list: the newest 25 messages (decision 139: 50 cards missed the staff pages' budget on PostgreSQL). */
export const MESSAGES_SCREEN_PAGE = 25;

const listQuerySchema = z.object({ status: leadStatusFilterField.optional(), before: pageCursorField.optional() });

export type MessagesListFilters = Partial<Record<"status" | "before", string>>;

export type MessagesListData = {
  filters: MessagesListFilters;
  filterErrors: Record<string, string> | null;
  messages: StaffMessage[];
  next: string | null;
  /** The instant the page was read: "Waiting 2 h" counts to it on the server and in the browser alike. */
  now: number;
};

/**
 * /podium/messages?status=…&before=…. The old list's record link (`?id=`, which the first staff app
 * release sent old mail links to) goes to the message's own page.
 */
export async function messagesListScreen(ctx: AppContext, url: URL, now = new Date()): Promise<MessagesListData> {
  const legacyId = url.searchParams.get("id");
  if (legacyId && isUuid(legacyId)) throw redirect(`/podium/messages/${legacyId.toLowerCase()}`);
  const input = staffQueryInput(url.searchParams);
  const filters = Object.fromEntries(
    (["status", "before"] as const).flatMap((name) => (typeof input[name] === "string" ? [[name, input[name] as string]] : [])),
  ) as MessagesListFilters;
  const parsed = listQuerySchema.safeParse(input);
  const page = parsed.success
    ? await listMessagesPage(ctx, { status: parsed.data.status, after: parsed.data.before, limit: MESSAGES_SCREEN_PAGE })
    : { messages: [], next: null };
  return {
    filters,
    filterErrors: parsed.success ? null : fieldErrorsOf(parsed.error),
    messages: page.messages,
    next: page.next,
    now: now.getTime(),
  };
}

export type MessageScreenData = {
  message: StaffMessage;
  /** The address asks to confirm the deletion (`?confirm=delete`). */
  confirmDelete: boolean;
  /** The sender's customer record (their timeline, replies and tasks), for a person whose role may open it. */
  customerId: string | null;
  now: number;
};

/** /podium/messages/{id}: 404 for an id that names no message. */
export async function messageScreen(ctx: AppContext, staff: Staff, id: string, url: URL, now = new Date()): Promise<MessageScreenData> {
  const message = isUuid(id) ? await findMessage(ctx, id) : null;
  if (!message) throw data({ error: "Not found" }, { status: 404 });
  const lead = canUseArea(staff.role, "customers") ? await findLead(ctx.db, "message", id) : null;
  return { message, confirmDelete: url.searchParams.get("confirm") === "delete", customerId: lead?.customerId ?? null, now: now.getTime() };
}

/**
 * The screens' posts through PATCH and DELETE /api/admin/contact-submissions/:id's schema and use
 * cases: a message's lead status (`id` in the form on the list, the page's own on a message's page),
 * and its deletion (after the page's confirmation step), which returns to the list.
 */
export async function messagesScreenAction(ctx: AppContext, request: Request, staff: Staff, form: FormData, pageId?: string) {
  const m = staffMessagesFor();
  const { fields, intent, id } = recordFormOf(form, pageId);
  if (!isUuid(id)) return staffFormFailure(404, "Not found");
  switch (intent) {
    case "status":
      return staffLeadStatusPost(
        ctx,
        request,
        id,
        fields,
        async (status) => (await setMessageStatus(ctx, staff, id, status)).outcome !== "not-found",
      );
    case "delete": {
      if (!(await deleteMessage(ctx, staff, id))) return staffFormFailure(404, "Not found", { intent });
      // Without JavaScript: back to the list, the message in the flash. With it: the answer's toast, and the page goes to the list.
      return staffFormSuccess(ctx, request, {
        intent,
        toast: m.staff.messages.deletedText,
        redirectTo: isDataRequest(request) ? undefined : "/podium/messages",
      });
    }
    default:
      return staffFormFailure(400, FIX_FIELDS, { intent });
  }
}
