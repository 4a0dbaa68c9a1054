import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { insertVehicle } from "~/server/data/vehicles.server";
import { migrateToLatest } from "~/server/db/database.server";
import { storeImage } from "~/server/images/image-store.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { vinYearCode, withCheckDigit } from "~/shared/lib/vin";
import { testPhoto } from "./civic-data-dir";
import type { CapturedMail } from "./smtp-capture";
import { openDatabaseForDataDir } from "./test-server";
import { fileStoreForDataDir } from "./test-storage";

/** A phone's user agent: the shopper of the alerts' story saves on their phone. */
export const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The stock of the alerts' tests, each listed (with a photo) unless `photo: false`. */
export type StockVehicle = {
  year: number;
  make: string;
  model: string;
  price: number;
  bodyStyle: string;
  mileage?: number;
  photo?: boolean;
};

export const ALERT_STOCK = {
  civic: { year: 2019, make: "Honda", model: "Civic", price: 18995, bodyStyle: "Sedan" },
  accord: { year: 2020, make: "Honda", model: "Accord", price: 21995, bodyStyle: "Sedan" },
  corolla: { year: 2018, make: "Toyota", model: "Corolla", price: 16995, bodyStyle: "Sedan" },
  camry: { year: 2019, make: "Toyota", model: "Camry", price: 19995, bodyStyle: "Sedan" },
  f150: { year: 2017, make: "Ford", model: "F-150", price: 24995, bodyStyle: "Truck" },
} satisfies Record<string, StockVehicle>;

export type Stocked = { id: string; path: string; name: string };

/** A VIN unique per vehicle that passes the vehicle form's checks (check digit, model-year code), so staff can edit it. */
const fakeVin = (n: number, year: number) => withCheckDigit(`1HGCM8260${vinYearCode(year)}A${String(n).padStart(6, "0")}`);

/**
 * A DATA_DIR (and, on PostgreSQL, its database) holding the named vehicles and `extra` more listed
 * ones (a Kia Rio each), written through the data modules. One photo is stored and shown by all.
 */
export async function alertsDataDir(
  prefix: string,
  named: Record<string, StockVehicle>,
  extra = 0,
): Promise<{ dir: string; stock: Record<string, Stocked>; extras: Stocked[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dealership-${prefix}-`));
  const { db } = await openDatabaseForDataDir(dir);
  try {
    await migrateToLatest(db);
    const image = await storeImage(await fileStoreForDataDir(dir), await testPhoto());
    let n = 0;
    const add = async (v: StockVehicle): Promise<Stocked> => {
      n += 1;
      const id = await insertVehicle(db, {
        year: v.year,
        make: v.make,
        model: v.model,
        price: v.price,
        mileage: v.mileage ?? 40_000 + n * 1_000,
        transmission: "Automatic",
        drivetrain: "FWD",
        bodyStyle: v.bodyStyle,
        exteriorColor: "Blue",
        vin: fakeVin(n, v.year),
        stockNumber: `A${String(n).padStart(4, "0")}`,
        features: ["Bluetooth"],
        description: null,
        images: v.photo === false ? [] : [image],
      });
      return { id, path: vehiclePath({ id, year: v.year, make: v.make, model: v.model }), name: `${v.year} ${v.make} ${v.model}` };
    };
    const stock: Record<string, Stocked> = {};
    for (const [key, vehicle] of Object.entries(named)) stock[key] = await add(vehicle);
    const extras: Stocked[] = [];
    for (let i = 0; i < extra; i++)
      extras.push(await add({ year: 2015, make: "Kia", model: "Rio", price: 9995 + i, bodyStyle: "Hatchback" }));
    return { dir, stock, extras };
  } finally {
    await db.destroy();
  }
}

/** Moves a TEST_CLOCK server's time (every process sharing the DATA_DIR reads the same file). */
export function setServerClock(dataDir: string, iso: string): void {
  const file = path.join(dataDir, "test-clock");
  fs.writeFileSync(`${file}.next`, iso);
  fs.renameSync(`${file}.next`, file);
}

/** A browser's cookies, kept from the answers it gets and sent with its next requests. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A plain form post, as a browser without JavaScript sends it (same-site unless told otherwise). */
export async function postForm(
  base: string,
  pathname: string,
  fields: Record<string, string>,
  options: { jar?: CookieJar; headers?: Record<string, string> } = {},
): Promise<Response> {
  const res = await fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      "user-agent": PHONE_UA,
      ...(options.jar ? { cookie: options.jar.header() } : {}),
      ...options.headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  options.jar?.take(res);
  return res;
}

/** A header field of a raw mail, unfolded (RFC 5322 §2.2.3). */
export function rawHeader(mail: CapturedMail, name: string): string | null {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The path (and query) of the first link in a mail's text whose path matches `pattern`. */
export function linkPath(mail: CapturedMail, pattern: RegExp): string {
  const text = mail.parsed.text ?? "";
  for (const [url] of text.matchAll(/https?:\/\/[^\s<>]+/g)) {
    const parsed = new URL(url);
    if (pattern.test(parsed.pathname)) return `${parsed.pathname}${parsed.search}`;
  }
  throw new Error(`No link matching ${pattern} in: ${text}`);
}

/** Waits until `match` finds `count` mails (or the time is up) and returns them. */
export async function mailsMatching(mails: CapturedMail[], match: (m: CapturedMail) => boolean, count: number, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = mails.filter(match);
    if (found.length >= count || Date.now() > end) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Mails to one address. */
export const mailsTo = (mails: CapturedMail[], address: string) => mails.filter((m) => m.envelopeTo.includes(address));
