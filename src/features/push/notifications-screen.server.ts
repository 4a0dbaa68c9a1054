import type { AppContext } from "~/server/context.server";
import { formFields, parseStaffForm, staffFormFailure, staffFormSuccess } from "~/server/http/staff-form.server";
import type { Staff } from "~/server/http/staff-request.server";
import type { PushDevice } from "~/server/data/push-subscriptions.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { uuidField } from "~/shared/validation/fields";
import {
  changeQuietHours,
  listMyDevices,
  myQuietHours,
  pushPublicKey,
  quietHoursSchema,
  unsubscribeDevice,
} from "./push-subscriptions.server";
import { REMOVE_DEVICE_INTENT, QUIET_HOURS_INTENT } from "./notifications-form";

export type NotificationsSectionData = {
  publicKey: string;
  devices: PushDevice[];
  quietHours: { start: string | null; end: string | null };
};

/** "Notifications on this device" on the person's account screen (decision 114): their devices and quiet hours. */
export async function notificationsSection(ctx: AppContext, staff: Staff): Promise<NotificationsSectionData> {
  const [devices, quietHours] = await Promise.all([listMyDevices(ctx, staff), myQuietHours(ctx, staff)]);
  return { publicKey: pushPublicKey(ctx), devices, quietHours };
}

/**
 * The section's forms, posted with or without JavaScript: remove one of the person's devices (the use
 * case DELETE /api/admin/push-subscriptions calls, by the device's id rather than its endpoint, which the
 * page never holds), or save quiet hours (PUT /api/admin/push-quiet-hours's schema and use case).
 */
export async function notificationsAction(ctx: AppContext, request: Request, staff: Staff, form: FormData) {
  const m = staffMessagesFor().staffApp.notifications;
  const fields = formFields(form);
  if (fields.intent === REMOVE_DEVICE_INTENT) {
    const id = uuidField().safeParse(fields.id ?? "");
    if (!id.success || !(await unsubscribeDevice(ctx, staff, { id: id.data })))
      return staffFormFailure(404, m.removeGone, { intent: `${REMOVE_DEVICE_INTENT}:${fields.id ?? ""}` });
    return staffFormSuccess(ctx, request, { intent: `${REMOVE_DEVICE_INTENT}:${id.data}`, toast: m.removed });
  }
  if (fields.intent === QUIET_HOURS_INTENT) {
    const input = { start: fields.start ? fields.start : null, end: fields.end ? fields.end : null };
    const parsed = parseStaffForm(quietHoursSchema, input, QUIET_HOURS_INTENT);
    if (!parsed.ok) return parsed.failure;
    await changeQuietHours(ctx, staff, parsed.data);
    return staffFormSuccess(ctx, request, { intent: QUIET_HOURS_INTENT, toast: m.quietSaved });
  }
  return staffFormFailure(400, "Unknown form");
}
