import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { deletePushSubscriptionOf, listPushDevices, savePushSubscription, type PushDevice } from "~/server/data/push-subscriptions.server";
import { quietHoursOf, setQuietHours } from "~/server/data/staff-accounts.server";
import { acceptedEndpoint } from "~/server/push/push-endpoint.server";
import { vapidKeysOf } from "~/server/push/vapid-keys.server";
import { staffPush } from "~/shared/i18n/en/staff-push";
import type { StaffUser } from "~/shared/staff/staff-roles";

const m = staffPush.api;
const base64url = (bytes: number, check?: (raw: Buffer) => boolean) =>
  z
    .string({ error: m.badKeys })
    .max(200, m.badKeys)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, m.badKeys)
    .refine((value) => {
      const raw = Buffer.from(value, "base64url");
      return raw.length === bytes && (!check || check(raw));
    }, m.badKeys);

/**
 * A browser's PushSubscription as `toJSON()` gives it (decision 111): the push service's URL and the
 * device's keys: p256dh an uncompressed P-256 point (65 bytes, 0x04 first), auth 16 bytes (RFC 8291).
 * Whether the URL is one we may ever send to is checked by the use case (it depends on PUSH_LOOPBACK).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: m.badEndpoint }).min(1, m.badEndpoint).max(1000, m.badEndpoint),
  keys: z.object({ p256dh: base64url(65, (raw) => raw[0] === 4), auth: base64url(16) }, { error: m.badKeys }),
});
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: m.badEndpoint }).min(1, m.badEndpoint).max(1000, m.badEndpoint),
});

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.quietHours);
/** Quiet hours on the dealership's clock, "22:00" to "07:00" (over midnight allowed); both null: none. */
export const quietHoursSchema = z
  .object({ start: clockTime.nullable(), end: clockTime.nullable() })
  .refine((v) => (v.start === null) === (v.end === null), { error: m.quietHours, path: ["end"] });

/** The VAPID public key a browser subscribes with (`applicationServerKey`). */
export function pushPublicKey(ctx: AppContext): string {
  return vapidKeysOf(ctx.env, ctx.secrets).publicKey;
}

export type SubscribeResult = { kind: "saved"; id: string } | { kind: "bad-endpoint" };

/**
 * Turns pushes on for this device: only an https endpoint on the internet is kept (never an internal
 * address, decision 111); the same endpoint again moves the device to this person.
 */
export async function subscribeDevice(
  ctx: AppContext,
  staff: StaffUser,
  input: z.infer<typeof pushSubscriptionSchema>,
  userAgent: string | null,
): Promise<SubscribeResult> {
  if (!acceptedEndpoint(input.endpoint, { loopback: ctx.env.pushLoopback })) return { kind: "bad-endpoint" };
  const id = await savePushSubscription(ctx.db, {
    staffId: staff.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    device: userAgent ? describeDevice(userAgent) : null,
  });
  return { kind: "saved", id };
}

/** Stops pushes to one of this person's devices, named by its endpoint (the browser's API) or its id (their device list). */
export function unsubscribeDevice(ctx: AppContext, staff: StaffUser, device: { endpoint: string } | { id: string }): Promise<boolean> {
  return deletePushSubscriptionOf(ctx.db, staff.id, device);
}

export function listMyDevices(ctx: AppContext, staff: StaffUser): Promise<PushDevice[]> {
  return listPushDevices(ctx.db, staff.id);
}

const minuteOf = (time: string | null) => (time === null ? null : Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));

const clockOf = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** This person's quiet hours as the form and the API write them ("22:00"), or both null. */
export async function myQuietHours(ctx: AppContext, staff: StaffUser): Promise<{ start: string | null; end: string | null }> {
  const stored = await quietHoursOf(ctx.db, staff.id);
  return stored ? { start: clockOf(stored.startMinute), end: clockOf(stored.endMinute) } : { start: null, end: null };
}

export async function changeQuietHours(ctx: AppContext, staff: StaffUser, input: z.infer<typeof quietHoursSchema>): Promise<void> {
  await setQuietHours(ctx.db, staff.id, minuteOf(input.start), minuteOf(input.end));
}

/** "Chrome on Android", "Safari on iPhone": enough for a person to tell their devices apart. */
function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /iPhone|iPad/.test(userAgent)
    ? "iPhone"
    : /Android/.test(userAgent)
      ? "Android"
      : /Mac OS X/.test(userAgent)
        ? "Mac"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "a device";
  return `${browser} on ${system}`;
}
