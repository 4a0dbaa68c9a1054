import type { AppContext } from "~/server/context.server";
import { formInput } from "~/server/http/form-post.server";
import type { Staff } from "~/server/http/staff-request.server";
import { parseStaffForm, staffFormFailure, staffFormSuccess } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { ownStaffAccount, ownStaffChangeSchema, setOwnAway } from "./staff-management.server";

/** The away switch's form (docs/behaviour.md §17): PATCH /api/admin/staff/me's schema and use case. */
export const AWAY_INTENT = "away";

/** Whether the signed-in person is away, for the switch. */
export async function awayOf(ctx: AppContext, staff: Staff): Promise<boolean> {
  return (await ownStaffAccount(ctx, staff))?.away ?? false;
}

export async function awayFormPost(ctx: AppContext, request: Request, staff: Staff, form: FormData) {
  const input = parseStaffForm(ownStaffChangeSchema, formInput(form, ownStaffChangeSchema), AWAY_INTENT);
  if (!input.ok) return input.failure;
  const account = await setOwnAway(ctx, staff, input.data.away);
  if (!account) return staffFormFailure(404, "Not found", { intent: AWAY_INTENT });
  const m = staffMessagesFor().inbox;
  return staffFormSuccess(ctx, request, { intent: AWAY_INTENT, toast: account.away ? m.awayOn : m.awayOff });
}
