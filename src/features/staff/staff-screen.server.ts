import { data } from "react-router";
import type { AppContext } from "~/server/context.server";
import type { StaffAccountSummary } from "~/server/data/staff-accounts.server";
import type { Staff } from "~/server/http/staff-request.server";
import { formFields, parseStaffForm, staffFormFailure, staffFormSuccess } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { uuidField } from "~/shared/validation/fields";
import { accountFormKey, STAFF_ACCOUNT_INTENTS, type StaffAccountIntent } from "./staff-screen";
import { changeStaff, createStaff, listStaff, newStaffSchema, resetSecondFactor, staffChangeSchema } from "./staff-management.server";

export type StaffScreenData = {
  accounts: StaffAccountSummary[];
  /** The account whose second factor the owner is asked to confirm resetting (`?reset=`), if any. */
  confirmReset: StaffAccountSummary | null;
};

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** /podium/staff (owner; docs/behaviour.md §6): every account (GET /api/admin/staff's use case) and a reset asked for in the address. */
export async function staffScreen(ctx: AppContext, url: URL): Promise<StaffScreenData> {
  const accounts = await listStaff(ctx);
  const reset = url.searchParams.get("reset") ?? "";
  return { accounts, confirmReset: accounts.find((a) => a.id === reset && a.mfaEnrolled) ?? null };
}

/** What a row's form asks to change, as PATCH /api/admin/staff/{id} takes it. */
function changeOf(intent: StaffAccountIntent, fields: Record<string, string>, form: FormData): Record<string, unknown> {
  switch (intent) {
    case "role":
      return { role: fields.role };
    case "disabled":
      return { disabled: fields.disabled === "true" };
    case "away":
      return { away: form.has("away") };
    default:
      return { languages: form.getAll("languages").filter((l) => typeof l === "string") };
  }
}

/**
 * The Staff screen's posts, each through its JSON API twin's schema and use case (all audited):
 *   - `create`: a new account (POST /api/admin/staff). Its one-time setup link is a credential: the
 *     answer carries it to this page only (decision 107), never to a redirect's cookie or address;
 *   - `role`, `disabled`, `languages`, `away`: one account's change (PATCH /api/admin/staff/{id}); the
 *     last active owner can be neither demoted nor disabled (409);
 *   - `reset-mfa`: a reset of the account's second factor (POST /api/admin/staff/{id}/reset-mfa), after
 *     its confirmation (`?reset={id}`), back to the list.
 */
export async function staffScreenAction(ctx: AppContext, request: Request, staff: Staff, form: FormData) {
  const m = staffMessagesFor().staff.staffTab;
  const fields = formFields(form);
  const intent = fields.intent ?? "";
  if (intent === "create") {
    const input = { email: fields.email, name: fields.name, role: fields.role };
    const parsed = parseStaffForm(newStaffSchema, input, intent);
    if (!parsed.ok) return parsed.failure;
    const created = await createStaff(ctx, staff, parsed.data);
    if (created.kind === "email-taken") return staffFormFailure(409, m.emailTaken, { intent, fieldErrors: { email: m.emailTaken }, input });
    // Answered here, with and without JavaScript: the link is shown once, on this page.
    return data({ ok: true as const, intent, toast: m.createdTitle, setupUrl: created.setupUrl });
  }
  const id = fields.accountId ?? "";
  if (!(STAFF_ACCOUNT_INTENTS as readonly string[]).includes(intent) || !isUuid(id)) return staffFormFailure(404, "Not found");
  const key = accountFormKey(intent as StaffAccountIntent, id);
  if (intent === "reset-mfa") {
    const account = (await listStaff(ctx)).find((a) => a.id === id);
    if (!account || !(await resetSecondFactor(ctx, staff, id))) return staffFormFailure(404, "Not found", { intent: key });
    return staffFormSuccess(ctx, request, { intent: key, toast: m.resetDone(account.name), redirectTo: "/podium/staff" });
  }
  const change = changeOf(intent as StaffAccountIntent, fields, form);
  const parsed = parseStaffForm(staffChangeSchema, change, key);
  if (!parsed.ok) return parsed.failure;
  const result = await changeStaff(ctx, staff, id, parsed.data);
  if (result.kind === "not-found") return staffFormFailure(404, "Not found", { intent: key });
  if (result.kind === "last-owner") return staffFormFailure(409, m.lastOwner, { intent: key });
  return staffFormSuccess(ctx, request, { intent: key, toast: m.saved });
}
