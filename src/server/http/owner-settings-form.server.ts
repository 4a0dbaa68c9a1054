import type { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "./api-errors.server";
import type { Staff } from "./staff-request.server";
import { FIX_FIELDS, formFields, staffFormFailure, staffFormSuccess } from "./staff-form.server";

/**
 * An owner's setting as a staff form (decision 107). The deal settings and the lead response time are
 * one kind of thing: a form the owner saves, checked by the same zod schema as its JSON API twin
 * (`PUT /api/admin/…-settings`) and saved by the same use case, which audits it. Each setting says
 * only what is its own: its form's intent, how the posted fields become the API's body, the schema,
 * the use case and the message after a save. The screen's form is `OwnerSettingsForm`
 * (src/shared/ui/staff/owner-settings-form.tsx).
 */
export type OwnerSettingsForm<S extends z.ZodType> = {
  intent: string;
  /** The JSON API's schema for the setting. */
  schema: S;
  /** The API's body from the posted text fields (numbers through `formNumber`, a ticked box as true). */
  input: (fields: Record<string, string>) => Record<string, unknown>;
  /** The API's use case: saves and audits. */
  save(ctx: AppContext, staff: Staff, value: z.output<S>): Promise<unknown>;
  /** What the owner is told after a save. */
  saved: string;
};

/**
 * A message for a part of a field (`termsMonths.1`, the second term) goes to the field that holds it,
 * so it shows by the field the owner typed it in.
 */
function byPostedField(errors: Record<string, string>, posted: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    let name = key;
    while (!(name in posted) && name.includes(".")) name = name.slice(0, name.lastIndexOf("."));
    out[name] ??= message;
  }
  return out;
}

/**
 * Answers a post to a screen of owner's settings: the setting its `intent` names, refused with 400,
 * each field's message and what was typed, or saved (the API's use case audits it).
 */
export async function ownerSettingsFormPost(
  ctx: AppContext,
  request: Request,
  staff: Staff,
  form: FormData,
  settings: readonly OwnerSettingsForm<z.ZodType>[],
) {
  const posted = formFields(form);
  const setting = settings.find((s) => s.intent === posted.intent);
  if (!setting) return staffFormFailure(400, FIX_FIELDS, { intent: posted.intent });
  const parsed = setting.schema.safeParse(setting.input(posted));
  if (!parsed.success)
    return staffFormFailure(400, FIX_FIELDS, {
      intent: setting.intent,
      fieldErrors: byPostedField(fieldErrorsOf(parsed.error), posted),
      input: posted,
    });
  await setting.save(ctx, staff, parsed.data);
  return staffFormSuccess(ctx, request, { intent: setting.intent, toast: setting.saved });
}
