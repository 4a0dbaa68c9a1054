import http from "node:http";
import https from "node:https";
import webPush from "web-push";
import { acceptedEndpoint, guardedLookup } from "./push-endpoint.server";
import type { VapidKeys } from "./vapid-keys.server";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What the push service answered: its status, or why no answer came. */
export type PushOutcome =
  { kind: "sent" } | { kind: "gone"; status: number } | { kind: "retry"; reason: string } | { kind: "refused"; reason: string };

/** How long a push service gets to answer. */
const TIMEOUT_MS = 10_000;

/**
 * Sends one push (RFC 8030) with `web-push`'s request: the payload encrypted for the device with
 * `aes128gcm` (RFC 8291), signed with our VAPID key (RFC 8292), kept for a day by the push service
 * (TTL), urgent for a lead. The request itself is ours, over Node's http(s) with a DNS lookup that
 * refuses internal addresses, to an endpoint checked again here (decision 111).
 *   201/202 (any 2xx): sent; 404/410: the device is gone (delete it); 429 and 5xx, a timeout or a lost
 *   connection: try again later; any other 4xx: refused (give it up).
 */
export function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  options: { loopback: boolean; urgency?: "normal" | "high" },
): Promise<PushOutcome> {
  const url = acceptedEndpoint(target.endpoint, options);
  if (!url) return Promise.resolve({ kind: "refused", reason: "endpoint not allowed" });
  const details = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: vapid,
      TTL: 24 * 60 * 60,
      contentEncoding: "aes128gcm",
      urgency: options.urgency ?? "high",
    },
  );
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PushOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        lookup: guardedLookup(options.loopback),
        timeout: TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        // The body says nothing we act on: read and dropped, so the socket is freed.
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve({ kind: "sent" });
        else if (status === 404 || status === 410) resolve({ kind: "gone", status });
        else if (status === 429 || status >= 500) resolve({ kind: "retry", reason: `push service answered ${status}` });
        else resolve({ kind: "refused", reason: `push service answered ${status}` });
      },
    );
    request.on("timeout", () => request.destroy(new Error("push service did not answer in time")));
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "EPUSHINTERNAL" ? { kind: "refused", reason: error.message } : { kind: "retry", reason: error.message }),
    );
    request.end(details.body ?? undefined);
  });
}
