import { data } from "react-router";
import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import type { Staff } from "~/server/http/staff-request.server";
import { formFields, staffFormFailure, staffFormSuccess } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { retryIntent } from "./outbox-screen";
import { mailIdSchema, notFailedMessage, outboxPage, outboxQuerySchema, retryMail, type OutboxPage } from "./outbox-staff.server";

export type OutboxScreenData = OutboxPage & {
  /** The state the list shows (`?status=`), null for every mail. */
  status: string | null;
  /** The filter's message when the address names no state (a link typed by hand). */
  filterError: string | null;
};

/**
 * /podium/outbox (owner; docs/behaviour.md §12): every outgoing mail without its body, newest first,
 * by state (`?status=failed`: GET /api/admin/outbox's query schema and use case). An unknown state is
 * the API's 400, with its message by the filter.
 */
export async function outboxScreen(ctx: AppContext, url: URL) {
  const status = url.searchParams.get("status") || undefined;
  const query = outboxQuerySchema.safeParse({ status });
  const page = await outboxPage(ctx, query.success ? (query.data.status ?? null) : null);
  const screen: OutboxScreenData = {
    ...page,
    mails: query.success ? page.mails : [],
    status: status ?? null,
    filterError: query.success ? null : (fieldErrorsOf(query.error).status ?? null),
  };
  return data(screen, { status: query.success ? 200 : 400 });
}

/** Retry of a failed mail: POST /api/admin/outbox/{id}/retry's use case (audited); 409 for a mail that has not failed. */
export async function outboxScreenAction(ctx: AppContext, request: Request, staff: Staff, form: FormData) {
  const m = staffMessagesFor().leads.outbox;
  const fields = formFields(form);
  const id = mailIdSchema.safeParse(fields.mailId);
  if (fields.intent !== "retry" || !id.success) return staffFormFailure(404, "Not found");
  const intent = retryIntent(id.data);
  const result = await retryMail(ctx, staff, id.data);
  if (result.outcome === "not-found") return staffFormFailure(404, "Not found", { intent });
  if (result.outcome === "not-failed") return staffFormFailure(409, notFailedMessage(result.status), { intent });
  return staffFormSuccess(ctx, request, { intent, toast: m.retried });
}
