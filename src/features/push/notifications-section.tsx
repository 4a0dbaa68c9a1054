import { BellRing, Trash2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { Button } from "~/shared/ui/staff/button";
import { FormError, TextField } from "~/shared/ui/staff/staff-field";
import { StaffForm, useHydrated, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { NotificationsSectionData } from "./notifications-screen.server";
import { QUIET_HOURS_INTENT, REMOVE_DEVICE_INTENT } from "./notifications-form";

type TurnOnState = "idle" | "busy" | "on" | "denied" | "unsupported" | "failed";

/**
 * "Notifications on this device" (decision 114), on the person's account screen: turn push on for this
 * browser (the Push API with our VAPID key, then POST /api/admin/push-subscriptions), the person's devices
 * each with Remove, and their quiet hours. Turning on needs JavaScript and a browser with Push; the list
 * and the quiet hours are plain forms that work without it.
 */
export function NotificationsSection({ data }: { data: NotificationsSectionData }) {
  const m = useStaffMessages().staffApp.notifications;
  const quiet = useStaffForm(QUIET_HOURS_INTENT, { resetOnSuccess: false });
  return (
    <section
      aria-labelledby="notifications-heading"
      className="max-w-2xl space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
      data-testid="notifications-section"
    >
      <div>
        <h2 id="notifications-heading" className="text-lg font-bold">
          {m.heading}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{m.intro}</p>
      </div>
      <TurnOn publicKey={data.publicKey} />

      <div>
        <h3 id="devices-heading" className="font-semibold">
          {m.devicesHeading}
        </h3>
        {data.devices.length === 0 ? (
          <p className="mt-2 text-sm text-gray-800">{m.noDevices}</p>
        ) : (
          <ul aria-labelledby="devices-heading" className="mt-2 divide-y divide-gray-200">
            {data.devices.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
        )}
      </div>

      <div>
        <h3 id="quiet-heading" className="font-semibold">
          {m.quietHeading}
        </h3>
        <p className="mt-1 text-sm text-gray-700">{m.quietIntro}</p>
        <StaffForm
          form={quiet}
          key={`${data.quietHours.start}-${data.quietHours.end}`}
          noValidate
          aria-labelledby="quiet-heading"
          className="mt-3 space-y-3"
        >
          <input type="hidden" name="intent" value={QUIET_HOURS_INTENT} />
          <div className="flex flex-wrap gap-3">
            <TextField
              name="start"
              type="time"
              label={m.quietStart}
              defaultValue={quiet.values.start ?? data.quietHours.start ?? ""}
              error={quiet.errors.start}
              className="w-36"
            />
            <TextField
              name="end"
              type="time"
              label={m.quietEnd}
              defaultValue={quiet.values.end ?? data.quietHours.end ?? ""}
              error={quiet.errors.end}
              className="w-36"
            />
          </div>
          <p className="text-sm text-gray-700">{m.quietNone}</p>
          <FormError>{quiet.error}</FormError>
          <Button type="submit" variant="primary" disabled={quiet.busy}>
            {m.quietSave}
          </Button>
        </StaffForm>
      </div>
    </section>
  );
}

function DeviceRow({ device }: { device: NotificationsSectionData["devices"][number] }) {
  const m = useStaffMessages().staffApp.notifications;
  const form = useStaffForm(`${REMOVE_DEVICE_INTENT}:${device.id}`);
  const name = device.device ?? device.endpointHost;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="push-device">
      <div>
        <p className="font-medium">{name}</p>
        <p className="text-sm text-gray-700">
          {device.endpointHost} · {m.added(formatDealerTime(device.createdAt))}
        </p>
      </div>
      <StaffForm form={form}>
        <input type="hidden" name="intent" value={REMOVE_DEVICE_INTENT} />
        <input type="hidden" name="id" value={device.id} />
        <Button type="submit" aria-label={m.removeLabel(name)} disabled={form.busy}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {m.remove}
        </Button>
      </StaffForm>
    </li>
  );
}

/** Whether this browser can take pushes at all (a service worker, the Push API, notifications). */
const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

function TurnOn({ publicKey }: { publicKey: string }) {
  const m = useStaffMessages().staffApp.notifications;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [state, setState] = useState<TurnOnState>("idle");
  if (!hydrated) return <p className="text-sm text-gray-800">{m.needsScript}</p>;
  if (!pushSupported() || state === "unsupported") return <p className="text-sm text-gray-800">{m.unsupported}</p>;

  const turnOn = async () => {
    setState("busy");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      await navigator.serviceWorker.register("/podium/sw.js", { scope: "/podium/" });
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
      const res = await fetch("/api/admin/push-subscriptions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
      if (res.status !== 201) return setState("failed");
      setState("on");
      void revalidator.revalidate();
    } catch {
      setState(Notification.permission === "denied" ? "denied" : "failed");
    }
  };

  return (
    <div className="space-y-2">
      <Button type="button" variant="primary" onClick={() => void turnOn()} disabled={state === "busy"}>
        <BellRing aria-hidden="true" className="h-4 w-4" />
        {state === "busy" ? m.turningOn : m.turnOn}
      </Button>
      <p role="status" className="text-sm text-gray-800">
        {state === "on" ? m.on : state === "denied" ? m.denied : state === "failed" ? m.failed : ""}
      </p>
    </div>
  );
}
