import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A push a browser's push service received, checked and decrypted. */
export type ReceivedPush = {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The JWT's claims, after its ES256 signature was verified with the `k` it came with. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k` parameter: the VAPID public key the JWT was signed with. */
  vapidKey: string;
  /** The payload decrypted with the subscription's private key (RFC 8291). */
  plaintext: string;
  at: number;
};

/** A device as a browser would hold it: its P-256 key pair and auth secret, and the subscription it hands the server. */
export type TestDevice = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: crypto.ECDH;
  authSecret: Buffer;
};

/**
 * A push service (RFC 8030) on loopback, written for the tests: it checks each request's VAPID
 * Authorization (RFC 8292: `vapid t=<JWT>, k=<key>`, ES256 signature, audience, expiry) and decrypts its
 * `aes128gcm` body (RFC 8188 with RFC 8291's key derivation) with the device's private key, then answers
 * with the status queued for that device (default 201).
 */
export async function startLoopbackPushService() {
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const rejected: { path: string; reason: string }[] = [];
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      const device = devices.get(path);
      try {
        if (!device) throw new Error("no such subscription");
        if (req.method !== "POST") throw new Error(`method ${req.method}`);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        if (!req.headers.ttl) throw new Error("no TTL");
        const { claims, vapidKey } = verifyVapid(String(req.headers.authorization ?? ""), origin());
        const plaintext = decryptAes128gcm(Buffer.concat(chunks), device).toString("utf8");
        received.push({ path, headers: req.headers, claims, vapidKey, plaintext, at: Date.now() });
      } catch (error) {
        rejected.push({ path, reason: (error as Error).message });
        res.writeHead(400).end();
        return;
      }
      const status = answers.get(path)?.shift() ?? 201;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    received,
    rejected,
    origin,
    /** A new device (key pair, auth secret) with an endpoint on this service. */
    newDevice(): TestDevice {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      const path = `/push/${++counter}-${crypto.randomBytes(6).toString("hex")}`;
      const device: TestDevice = {
        endpoint: `${origin()}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
        ecdh,
        authSecret,
      };
      devices.set(path, device);
      return device;
    },
    /** The statuses this device's next pushes are answered with (then 201). */
    answerWith(device: TestDevice, statuses: number[]) {
      answers.set(new URL(device.endpoint).pathname, statuses);
    },
    pushesTo: (device: TestDevice) => received.filter((push) => push.path === new URL(device.endpoint).pathname),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the key k, its aud our origin, its exp within a day. */
function verifyVapid(authorization: string, expectedAudience: string): { claims: ReceivedPush["claims"]; vapidKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`Authorization is not a VAPID one: ${authorization.slice(0, 40)}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split(".");
  if (!header || !payload || !signature) throw new Error("malformed JWT");
  const head = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string; typ?: string };
  if (head.alg !== "ES256") throw new Error(`alg ${head.alg}`);
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = crypto.createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const valid = crypto.verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as ReceivedPush["claims"];
  if (claims.aud !== expectedAudience) throw new Error(`aud ${claims.aud}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60 + 60)) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, vapidKey: k };
}

/** RFC 8188 `aes128gcm` with RFC 8291's keys: salt(16) rs(4) idlen(1) keyid(the sender's public key) then one record. */
function decryptAes128gcm(body: Buffer, device: TestDevice): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync("sha256", shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding (RFC 8188 §2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}
