import crypto from "node:crypto";
import type { ServerEnv } from "~/server/env.server";
import type { Secrets } from "~/server/secrets.server";
import { businessProfile } from "~/shared/config/business-profile";

/** The VAPID identity (RFC 8292) every push is signed with: base64url keys, as browsers and `web-push` take them. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise a P-256 key pair derived from the master secret
 * (decision 111): made at first start with the other secrets, the same on every process that shares the
 * secret, and the same after a restart, so the browsers' subscriptions (tied to this public key) stay good.
 */
export function vapidKeysOf(env: Pick<ServerEnv, "vapidKeys" | "vapidSubject">, secrets: Pick<Secrets, "vapidSeed">): VapidKeys {
  const subject = env.vapidSubject ?? `mailto:${businessProfile.email}`;
  if (env.vapidKeys) return { ...env.vapidKeys, subject };
  const ecdh = crypto.createECDH("prime256v1");
  // A 32-byte HKDF output is a valid P-256 scalar except with negligible probability (≥ n or zero), which setPrivateKey refuses.
  ecdh.setPrivateKey(secrets.vapidSeed);
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: ecdh.getPrivateKey().toString("base64url"), subject };
}
