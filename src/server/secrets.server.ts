import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Keys derived from one master secret, each for a single purpose. */
export type Secrets = {
  /** AES-256-GCM key for financing data at rest (docs/behaviour.md §11). */
  encryptionKey: Buffer;
  /** HMAC key for signed cookies. */
  cookieKey: Buffer;
  /** Salt for hashing visitor addresses so no IP is stored. */
  visitorSalt: Buffer;
  /** HMAC key of the secret links derived from a record's id (an alert subscriber's manage link, decision 115). */
  linkKey: Buffer;
  /** The seed of the Web Push VAPID private key when VAPID_* are not set (decision 111). */
  vapidSeed: Buffer;
};

/**
 * Loads the master secret from `masterKey` (MASTER_KEY, 64 hex chars, parsed by env.server.ts) or DATA_DIR/master.key,
 * generating the file once with mode 0600 when neither exists.
 */
export function loadSecrets(dataDir: string, envKey?: string): Secrets {
  let master: Buffer;
  if (envKey) {
    if (!/^[0-9a-f]{64}$/i.test(envKey)) throw new Error("MASTER_KEY must be 64 hexadecimal characters (32 bytes)");
    master = Buffer.from(envKey, "hex");
  } else {
    const file = path.join(dataDir, "master.key");
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      master = Buffer.from(fs.readFileSync(file, "utf8").trim(), "hex");
    } catch {
      master = crypto.randomBytes(32);
      // "wx" never overwrites a key another process wrote first.
      try {
        fs.writeFileSync(file, master.toString("hex"), { mode: 0o600, flag: "wx" });
      } catch {
        master = Buffer.from(fs.readFileSync(file, "utf8").trim(), "hex");
      }
    }
    if (master.length !== 32) throw new Error(`${file} does not hold a 32-byte hex key`);
  }
  const derive = (info: string) => Buffer.from(crypto.hkdfSync("sha256", master, Buffer.alloc(0), info, 32));
  return {
    encryptionKey: derive("financing-encryption"),
    cookieKey: derive("cookie-signing"),
    visitorSalt: derive("visitor-salt"),
    linkKey: derive("secret-links"),
    vapidSeed: derive("web-push-vapid"),
  };
}

/** Encrypts text or bytes with AES-256-GCM; output is "v1.iv.tag.ciphertext" in base64url. */
export function encrypt(key: Buffer, plain: string | Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Decrypts what `encrypt` produced; throws if it was tampered with. */
export function decrypt(key: Buffer, sealed: string): Buffer {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unrecognised ciphertext");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
}

/** HMAC-SHA256 signature in base64url. */
export function sign(key: Buffer, value: string): string {
  return crypto.createHmac("sha256", key).update(value).digest("base64url");
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb) && a.length === b.length;
}
