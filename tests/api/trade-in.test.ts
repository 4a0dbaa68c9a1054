import os from "node:os";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createVinDecoder } from "~/features/vehicles/vin-decoder.server";
import { tradeInMessagesFor } from "~/shared/i18n/trade-in-messages";
import { adfDtdErrors } from "../support/adf-dtd";
import { recipients, subjects } from "../support/lead-delivery-helpers";
import { forgetMailsOnceSent, openServerDatabase, untilOutboxSettled } from "../support/server-database";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { staffClient, type StaffClient } from "../support/staff-client";
import { signInAs } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

const LEADS_TO = "leads@dealer.test";
const ADF_TO = "crm@dealer.test";
/** Shared with the other API tests: the vPIC database is unpacked once per machine. */
const VPIC_CACHE_DIR = path.join(os.tmpdir(), "dealership-vpic-cache");
/** A 2003 Honda Accord in NHTSA's vPIC database. */
const VIN = "1HGCM82633A004352";

let nextClient = 1;
const client = () => `203.0.113.${nextClient++}`;

const postJson = (server: TestServer, url: string, body: unknown) =>
  fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
    body: JSON.stringify(body),
  });

async function jpeg(color: { r: number; g: number; b: number }, width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}
const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;

function tradeInBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    vin: VIN,
    mileage: 142_500,
    zip: "01420",
    condition: { accidents: 1, warningLights: true, tires: "fair", keys: 2, smokedIn: false, titleStatus: "clean" },
    payoff: 3200,
    lender: "Rollstone Bank",
    photos: [],
    firstName: "Lucía",
    lastName: "Pérez",
    email: "lucia.perez@example.com",
    phone: "(978) 555-0142",
    locale: "es",
    consent: true,
    ...overrides,
  };
}

/** Waits for exactly `count` mails, and until the outbox has nothing left to send now, so no more can come. */
async function exactly(server: TestServer, smtp: SmtpCapture, count: number): Promise<CapturedMail[]> {
  await smtp.waitFor(count, 20_000);
  await untilOutboxSettled(server);
  expect(subjects(smtp.mails), "no extra mail").toHaveLength(count);
  return [...smtp.mails];
}

const parseAdf = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, isArray: (name) => name === "vehicle" }).parse(
    xml,
  ).adf.prospect;

type StaffTradeIn = {
  id: string;
  vin: string | null;
  year: number;
  make: string;
  model: string;
  decoded: Record<string, string> | null;
  condition: Record<string, unknown>;
  photos: { src: string; srcSet: string; width: number; height: number }[];
  locale: string;
  leadStatus: string;
  offer: { low: number; high: number; validUntil: string } | null;
  mails: { kind: string; state: string }[];
};

describe("trade-in appraisals", () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let owner: StaffClient;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Unpacked before the server starts, so the VIN decodes within the request's wait.
    await createVinDecoder(VPIC_CACHE_DIR).warm();
    server = await startTestServer({
      env: { SMTP_URL: smtp.url, LEADS_TO, ADF_TO, MAIL_FROM: "noreply@dealer.test", TRUST_PROXY: "true", VPIC_CACHE_DIR },
    });
    owner = await staffClient(server);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
  beforeEach(async () => {
    if (server) await forgetMailsOnceSent(server, smtp);
  });

  let tradeInId = "";

  it("stores a request with photos as image files and variants (never in the database), the VIN decoded offline", async () => {
    const photos = [dataUrl(await jpeg({ r: 200, g: 30, b: 30 })), dataUrl(await jpeg({ r: 30, g: 30, b: 200 }, 900, 1200))];
    const res = await postJson(server, "/api/trade-ins", tradeInBody({ photos }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    tradeInId = id;

    const list = (await (await owner.fetch("/api/admin/trade-ins")).json()) as StaffTradeIn[];
    const stored = list.find((t) => t.id === id)!;
    expect(stored).toMatchObject({ vin: VIN, year: 2003, model: "Accord", locale: "es", leadStatus: "new", offer: null });
    expect(stored.make.toLowerCase()).toBe("honda");
    expect(stored.decoded).toBeTruthy();
    expect(stored.condition).toEqual({ accidents: 1, warningLights: true, tires: "fair", keys: 2, smokedIn: false, titleStatus: "clean" });
    expect(stored.photos).toHaveLength(2);
    for (const photo of stored.photos) {
      // A shopper's photo is private: in the store's private folder (DATA_DIR/private or the bucket's
      // private/), served to signed-in staff only (decision 085).
      const key = new RegExp(`^/api/admin/trade-ins/${id}/photos/([0-9a-f]{32})-1200\\.jpg$`).exec(photo.src)![1]!;
      for (const variant of ["400.webp", "800.webp", "1200.webp", "1200.jpg"]) {
        expect(await server.files.exists(`private/trade-in-photos/${key}-${variant}`), variant).toBe(true);
        expect(await server.files.exists(`images/${key}-${variant}`), variant).toBe(false);
      }
      expect((await owner.fetch(photo.src)).status).toBe(200);
      expect((await fetch(`${server.url}${photo.src}`)).status).toBe(401);
      expect(Math.max(photo.width, photo.height)).toBe(1200);
    }
    // The row holds the photos' keys and sizes, not their bytes.
    const { db } = openServerDatabase(server);
    try {
      const row = await db.selectFrom("tradeIns").select(["photos", "consentAt"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.photos).not.toContain("data:");
      expect(row.photos.length).toBeLessThan(300);
      expect(row.consentAt).toMatch(/^\d{4}-/);
    } finally {
      await db.destroy();
    }
    await exactly(server, smtp, 3);
  });

  it("goes out like every lead: staff mail (reply-to the shopper), ADF valid against the DTD with the trade-in vehicle, the shopper's mail in Spanish", async () => {
    const res = await postJson(server, "/api/trade-ins", tradeInBody({ photos: [dataUrl(await jpeg({ r: 10, g: 120, b: 10 }))] }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const mails = await exactly(server, smtp, 3);

    const staff = mails.find((m) => recipients(m) === LEADS_TO)!;
    expect(staff.parsed.subject).toMatch(/^New trade-in request: 2003 HONDA Accord/i);
    expect(staff.parsed.replyTo?.text).toBe("lucia.perez@example.com");
    expect(staff.parsed.text!.split("\n")[0]).toBe("Shopper wrote in Spanish");
    expect(staff.parsed.text).toContain(`VIN: ${VIN}`);
    expect(staff.parsed.text).toContain("1 accident, warning lights on, fair tires, 2 keys, not smoked in, clean title");
    expect(staff.parsed.text).toContain("Payoff: $3,200");
    // The photos are for signed-in staff: the mail names them and links the dashboard, never a photo's address.
    expect(staff.parsed.text).toContain("Photos: 1, in the dashboard (staff sign-in)");
    expect(staff.parsed.text).not.toMatch(/\/images\/|\/photos\//);
    expect(staff.parsed.text).toContain(`/podium/trade-ins/${id}`);

    const adf = mails.find((m) => recipients(m) === ADF_TO)!;
    expect(adfDtdErrors(adf.parsed.text!)).toBe("");
    const prospect = parseAdf(adf.parsed.text!);
    expect(prospect.vehicle).toHaveLength(1);
    // A standalone appraisal is the shopper's car to sell (L3): interest="sell".
    expect(prospect.vehicle[0]).toMatchObject({ "@interest": "sell", "@status": "used", year: "2003", model: "Accord", vin: VIN });
    expect(prospect.vehicle[0].odometer["#text"]).toBe("142500");
    // The CRM gets the staff link to the request, never a photo's public address (review L-3).
    expect(prospect.vehicle[0].imagetag).toBeUndefined();
    expect(adf.parsed.text).toContain(`Photos: 1, in the dashboard (staff sign-in): `);
    expect(adf.parsed.text).toContain(`/podium/trade-ins/${id}`);
    expect(adf.parsed.text).not.toMatch(/\/images\/|\/photos\//);
    expect(prospect.customer.comments).toContain("Shopper's language: Spanish (es)");

    const shopper = mails.find((m) => recipients(m) === "lucia.perez@example.com")!;
    expect(shopper.parsed.subject).toBe("Recibimos su solicitud de tasación — Demo Motors of Fitchburg");
    expect(shopper.parsed.html).toContain('lang="es-US"');

    // The dashboard shows the lead's mails, and staff set its status like any lead's.
    const list = (await (await owner.fetch("/api/admin/trade-ins")).json()) as StaffTradeIn[];
    expect(
      list
        .find((t) => t.id === id)!
        .mails.map((m) => m.kind)
        .sort(),
    ).toEqual(["trade-in-ack", "trade-in-adf", "trade-in-staff"]);
    const status = await owner.fetch(`/api/admin/trade-ins/${id}/status`, { method: "PATCH", body: { status: "contacted" } });
    expect(status.status).toBe(200);
    expect(((await status.json()) as { leadStatus: string }).leadStatus).toBe("contacted");
  });

  it("refuses bad input with a 400 and a message per field, in the page's language", async () => {
    const res = await postJson(server, "/api/trade-ins", {
      vin: "NOT A VIN",
      mileage: "lots",
      zip: "1420",
      condition: { accidents: -1, tires: "bald", keys: "two", titleStatus: "lost" },
      photos: Array.from({ length: 11 }, () => "data:image/jpeg;base64,AAAA"),
      email: "nope",
      locale: "es",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(body.error).toBe("Corrija los campos señalados.");
    expect(body.fieldErrors).toMatchObject({
      vin: "Ingrese un VIN de 17 caracteres o déjelo vacío",
      mileage: "Ingrese el millaje como número entero",
      zip: "Ingrese un código postal de 5 dígitos",
      "condition.accidents": "Ingrese el número de accidentes (0 si no ha tenido ninguno)",
      "condition.tires": "Elija el estado de las llantas",
      "condition.keys": "Ingrese el número de llaves",
      "condition.titleStatus": "Elija el estado del título",
      photos: "Agregue hasta 10 fotos (JPEG, PNG o WebP)",
      // One pattern per language across the forms (language review B11).
      firstName: "Ingrese su nombre",
      lastName: "Ingrese su apellido",
      email: "Ingrese un correo electrónico válido",
      phone: "Ingrese un número de teléfono válido",
    });
    // Consent to calls and texts is optional and never a condition of the offer (M7).
    expect(body.fieldErrors.consent).toBeUndefined();
    expect(body.fieldErrors.textConsent).toBeUndefined();

    // Without a VIN the shopper names the car (English by default).
    const noCar = await postJson(server, "/api/trade-ins", tradeInBody({ vin: "", locale: undefined }));
    expect(noCar.status).toBe(400);
    expect(((await noCar.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      year: "Enter the model year",
      make: "Enter the make",
      model: "Enter the model",
    });

    // Something that claims to be a JPEG and is not: refused, nothing stored.
    const before = (await (await owner.fetch("/api/admin/trade-ins")).json()) as unknown[];
    const fake = await postJson(
      server,
      "/api/trade-ins",
      tradeInBody({ locale: "en", photos: [`data:image/jpeg;base64,${Buffer.from("not an image at all").toString("base64")}`] }),
    );
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { fieldErrors: Record<string, string> }).fieldErrors.photos).toBe(
      "This photo could not be read. Use a JPEG, PNG or WebP image.",
    );
    expect((await (await owner.fetch("/api/admin/trade-ins")).json()) as unknown[]).toHaveLength(before.length);
    expect(smtp.mails).toHaveLength(0);
  });

  it("takes the form posted without JavaScript (multipart, photos as files) at /pt/trade-in", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      vin: "",
      year: "2016",
      make: "Toyota",
      model: "RAV4",
      trim: "XLE",
      mileage: "88,000",
      zip: "01453",
      "condition.accidents": "0",
      "condition.tires": "good",
      "condition.keys": "1",
      "condition.titleStatus": "rebuilt",
      "condition.smokedIn": "true",
      firstName: "João",
      lastName: "Silva",
      email: "joao.silva@example.com",
      phone: "978-555-0199",
      consent: "true",
    }))
      form.append(name, value);
    form.append("photos", new Blob([new Uint8Array(await jpeg({ r: 90, g: 90, b: 90 }, 800, 600))], { type: "image/jpeg" }), "front.jpg");
    const res = await fetch(`${server.url}/pt/trade-in`, { method: "POST", body: form, headers: { "X-Forwarded-For": client() } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Obrigado! Recebemos seu pedido.");
    const list = (await (await owner.fetch("/api/admin/trade-ins")).json()) as StaffTradeIn[];
    const stored = list.find((t) => t.model === "RAV4")!;
    expect(stored).toMatchObject({ year: 2016, make: "Toyota", vin: null, locale: "pt", decoded: null });
    expect(stored.condition).toMatchObject({ smokedIn: true, warningLights: false, titleStatus: "rebuilt" });
    expect(stored.photos).toHaveLength(1);
    const mails = await exactly(server, smtp, 3);
    expect(mails.find((m) => recipients(m) === "joao.silva@example.com")!.parsed.subject).toBe(
      "Recebemos seu pedido de avaliação — Demo Motors of Fitchburg",
    );

    // A refused post comes back with the messages in the page's language and what was typed.
    const bad = new FormData();
    bad.append("make", "Toyota");
    const refused = await fetch(`${server.url}/pt/trade-in`, { method: "POST", body: bad, headers: { "X-Forwarded-For": client() } });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Informe o ano do modelo");
    expect(html).toContain('value="Toyota"');

    // Only from this site's own pages.
    const crossSite = await fetch(`${server.url}/trade-in`, { method: "POST", body: bad, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
  });

  it("sends an offer by mail in the shopper's language; its page shows it, carries it into the estimate, 404s an unknown token and says when it expired", async () => {
    const refused = await owner.fetch(`/api/admin/trade-ins/${tradeInId}/offer`, {
      method: "POST",
      body: { low: 5000, high: 4000, validDays: 7 },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      high: "High must be at least the low end",
    });
    // Decimal digits only (decision 090): hexadecimal and exponents are not money.
    const exotic = await owner.fetch(`/api/admin/trade-ins/${tradeInId}/offer`, {
      method: "POST",
      body: { low: "0x10", high: "1e4", validDays: 7 },
    });
    expect(exotic.status).toBe(400);
    expect(((await exotic.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      low: "Low must be a whole number of dollars",
      high: "High must be a whole number of dollars",
    });
    expect(
      (await owner.fetch(`/api/admin/trade-ins/${crypto.randomUUID()}/offer`, { method: "POST", body: { low: 1, high: 2, validDays: 1 } }))
        .status,
    ).toBe(404);

    const res = await owner.fetch(`/api/admin/trade-ins/${tradeInId}/offer`, {
      method: "POST",
      body: { low: 4200, high: 5100, validDays: 7, note: "Subject to the payoff letter." },
    });
    expect(res.status).toBe(200);
    const [mail] = await exactly(server, smtp, 1);
    expect(recipients(mail!)).toBe("lucia.perez@example.com");
    // The dealer's offer is "nuestra oferta", never "su oferta"; the vehicle's year after its name (language review B1, B4, B5).
    expect(mail!.parsed.subject).toMatch(/^Nuestra oferta por su carro: Honda Accord .*2003$/i);
    expect(mail!.parsed.text).toContain("Le podemos ofrecer entre $4,200 y $5,100 por su Honda Accord");
    expect(mail!.parsed.text).toMatch(/Esta oferta es válida hasta el \d+ de \w+ de \d{4}\./);
    // The offer's conditions, in the mail as on the page (M3).
    const m = tradeInMessagesFor("es").offer;
    for (const condition of m.conditions) {
      expect(mail!.parsed.text).toContain(condition);
    }
    expect(mail!.parsed.text).toContain("Subject to the payoff letter.");
    const link = /Ver nuestra oferta: (http:\/\/\S+)/.exec(mail!.parsed.text!)![1]!;
    const url = new URL(link);
    expect(url.pathname).toMatch(/^\/es\/trade-in\/offer\/[A-Za-z0-9_-]{43}$/);
    const token = url.pathname.split("/").at(-1)!;

    // The token is stored only as its hash.
    const { db } = openServerDatabase(server);
    try {
      const row = await db.selectFrom("tradeIns").select("offerTokenHash").where("id", "=", tradeInId).executeTakeFirstOrThrow();
      expect(row.offerTokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.offerTokenHash).not.toContain(token);
    } finally {
      await db.destroy();
    }

    const page = await fetch(`${server.url}${url.pathname}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    // Never kept by a browser's or a shared cache (review L-4).
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Nuestra oferta por su carro");
    expect(html).toContain("$4,200 – $5,100");
    for (const condition of m.conditions) expect(html.replace(/&#x27;/g, "'")).toContain(condition);
    expect(html).toContain("Subject to the payoff letter.");
    // The estimate gets the low end until the shopper changes it.
    const estimateForm = /<form[^>]*>/.exec(html.slice(html.indexOf('action="/es/inventory"') - 200))![0];
    expect(estimateForm).toContain('action="/es/inventory"');
    expect(estimateForm).toContain('method="get"');
    expect(html).toMatch(/name="tradeInValue"[^>]*value="4200"|value="4200"[^>]*name="tradeInValue"/);
    expect(html).not.toContain("lucia.perez@example.com");

    expect((await fetch(`${server.url}/es/trade-in/offer/${"x".repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/trade-in/offer/short`)).status).toBe(404);

    // The shopper waited too long: the offer ended ten days ago.
    const validUntil = async (date: string) => {
      const { db: db2 } = openServerDatabase(server);
      try {
        await db2.updateTable("tradeIns").set({ offerValidUntil: date }).where("id", "=", tradeInId).execute();
      } finally {
        await db2.destroy();
      }
    };
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await validUntil(tenDaysAgo.toISOString().slice(0, 10));
    const expired = await (await fetch(`${server.url}${url.pathname}`)).text();
    expect(expired).toContain("Esta oferta venció el");
    expect(expired).toContain("$4,200 – $5,100");
    expect(expired).not.toContain('name="tradeInValue"');

    // More than 30 days after the offer ended the link itself has expired: it says so, and nothing else (decision 088).
    await validUntil("2020-01-31");
    for (const path of [url.pathname, `${url.pathname}.data`]) {
      const gone = await fetch(`${server.url}${path}`);
      expect(gone.status, path).toBe(410);
      expect(gone.headers.get("cache-control"), path).toBe("private, no-store");
      const body = await gone.text();
      for (const personal of ["4,200", "4200", "Accord", "Subject to the payoff letter.", "tradeInValue"])
        expect(body, path).not.toContain(personal);
      if (!path.endsWith(".data")) expect(body).toContain("El enlace de esta oferta venció");
    }
  });

  it("is for owner and sales only", async () => {
    for (const [role, status] of [
      ["sales", 200],
      ["finance", 403],
      ["service", 403],
    ] as const) {
      const { cookie } = await signInAs(server, role);
      const headers = { cookie, origin: server.url, "content-type": "application/json" };
      expect((await fetch(`${server.url}/api/admin/trade-ins`, { headers })).status, role).toBe(status);
      const offer = await fetch(`${server.url}/api/admin/trade-ins/${tradeInId}/offer`, {
        method: "POST",
        headers,
        body: JSON.stringify({ low: 1, high: 1, validDays: 1 }),
      });
      expect(offer.status, role).toBe(status === 200 ? 200 : 403);
    }
    expect((await fetch(`${server.url}/api/admin/trade-ins`)).status).toBe(401);
  });

  it("is deleted by the owner only: the request, its mails and its photo files, audited; a photo another request shows stays", async () => {
    const shared = dataUrl(await jpeg({ r: 20, g: 160, b: 40 }));
    const own = dataUrl(await jpeg({ r: 240, g: 200, b: 10 }));
    const submit = async (photos: string[]) => {
      const res = await postJson(server, "/api/trade-ins", tradeInBody({ photos }));
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const doomed = await submit([own, shared]);
    const kept = await submit([shared]);
    await exactly(server, smtp, 6);
    const list = (await (await owner.fetch("/api/admin/trade-ins")).json()) as StaffTradeIn[];
    const keysOf = (id: string) => list.find((t) => t.id === id)!.photos.map((p) => /\/photos\/([0-9a-f]{32})-1200\.jpg$/.exec(p.src)![1]!);
    const [ownKey, sharedKey] = keysOf(doomed) as [string, string];
    expect(keysOf(kept)).toEqual([sharedKey]);
    const files = (key: string) =>
      Promise.all(["400.webp", "800.webp", "1200.webp", "1200.jpg"].map((v) => server.files.exists(`private/trade-in-photos/${key}-${v}`)));

    // Sales appraises but may not delete; nor may finance or service.
    for (const role of ["sales", "finance", "service"] as const) {
      const { cookie } = await signInAs(server, role);
      const res = await fetch(`${server.url}/api/admin/trade-ins/${doomed}`, { method: "DELETE", headers: { cookie, origin: server.url } });
      expect(res.status, role).toBe(403);
    }
    expect((await fetch(`${server.url}/api/admin/trade-ins/${doomed}`, { method: "DELETE", headers: { origin: server.url } })).status).toBe(
      401,
    );

    expect((await owner.fetch(`/api/admin/trade-ins/${doomed}`, { method: "DELETE" })).status).toBe(204);
    const after = (await (await owner.fetch("/api/admin/trade-ins")).json()) as StaffTradeIn[];
    expect(after.map((t) => t.id)).not.toContain(doomed);
    expect(after.map((t) => t.id)).toContain(kept);
    expect(await files(ownKey)).toEqual([false, false, false, false]);
    expect(await files(sharedKey)).toEqual([true, true, true, true]);
    expect((await owner.fetch(`/api/admin/trade-ins/${doomed}/photos/${ownKey}-1200.jpg`)).status).toBe(404);
    expect((await owner.fetch(`/api/admin/trade-ins/${kept}/photos/${sharedKey}-1200.jpg`)).status).toBe(200);
    const { db } = openServerDatabase(server);
    try {
      expect(
        await db.selectFrom("outbox").select("id").where("relatedType", "=", "trade-in").where("relatedId", "=", doomed).execute(),
      ).toEqual([]);
      expect(await db.selectFrom("auditLog").select(["action", "entity"]).where("entityId", "=", doomed).execute()).toEqual([
        { action: "delete", entity: "trade_in" },
      ]);
    } finally {
      await db.destroy();
    }
    // Gone is gone; a malformed id is not found either.
    expect((await owner.fetch(`/api/admin/trade-ins/${doomed}`, { method: "DELETE" })).status).toBe(404);
    expect((await owner.fetch("/api/admin/trade-ins/not-a-uuid", { method: "DELETE" })).status).toBe(404);
  });
});
