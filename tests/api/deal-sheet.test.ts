import { execFileSync } from "node:child_process";
import { XMLParser } from "fast-xml-parser";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTACT_CONSENT_VERSION } from "~/shared/config/contact-consent";
import { DEFAULT_DEAL_SETTINGS, type Estimate } from "~/shared/lib/deal-estimate";
import { massachusettsWarranty } from "~/shared/lib/massachusetts-warranty";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Vehicle } from "~/shared/types/vehicle";
import { adfDtdErrors } from "../support/adf-dtd";
import { recipients, sleep, subjects } from "../support/lead-delivery-helpers";
import { forgetMailsOnceSent, openServerDatabase } from "../support/server-database";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { staffClient, type StaffClient } from "../support/staff-client";
import { signInAs } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { vehicleFormBody } from "../support/vehicle-form";

/**
 * The deal sheet (docs/behaviour.md §16, decision 070): POST /api/deals and the page's form store a
 * sheet with its numbers frozen, mail the shopper a link in their language and staff a lead with
 * every number and an ADF valid against the DTD; the sheet's page and one-page PDF read the frozen
 * numbers back (pdftotext), whatever happens to the vehicle's price afterwards; staff revise it as a
 * new version, and the old link says it was replaced.
 */

const LEADS_TO = "leads@dealer.test";
const ADF_TO = "crm@dealer.test";

let nextClient = 1;
const client = () => `198.51.100.${nextClient++}`;

let smtp: SmtpCapture;
let server: TestServer;
let owner: StaffClient;

const get = (path: string) => fetch(`${server.url}${path}`);
const postJson = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
    body: JSON.stringify(body),
  });
const listed = async () => (await (await get("/api/vehicles")).json()) as Vehicle[];

/** The text of a PDF as pdftotext reads it, whitespace (and the no-break space) collapsed. */
const pdfText = (bytes: ArrayBuffer) =>
  execFileSync("pdftotext", ["-", "-"], { input: Buffer.from(bytes), encoding: "utf8" }).replace(/\s+/g, " ");
/** Page text without markup, whitespace collapsed. */
const pageText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

async function exactly(count: number): Promise<CapturedMail[]> {
  await smtp.waitFor(count, 20_000);
  await sleep(800);
  expect(subjects(smtp.mails), "no extra mail").toHaveLength(count);
  return [...smtp.mails];
}

const parseAdf = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    parseTagValue: false,
    isArray: (name) => name === "vehicle" || name === "amount",
  }).parse(xml).adf.prospect;

const dealBody = (vehicleId: string, overrides: Record<string, unknown> = {}) => ({
  vehicleId,
  downPayment: 2000,
  tradeInValue: 5000,
  tradeInPayoff: 1000,
  creditBand: "good",
  termMonths: 60,
  firstName: "Lucía",
  lastName: "Pérez",
  email: "lucia.deal@example.com",
  phone: "(978) 555-0142",
  locale: "es",
  ...overrides,
});

type StaffDeal = {
  id: string;
  version: number;
  dealGroupId: string;
  replacedById: string | null;
  validUntil: string;
  locale: string;
  leadStatus: string;
  estimate: Estimate;
  input: { downPayment: number };
  vehicle: { id: string; vin: string };
  mails: { kind: string }[];
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    seeded: true,
    env: { SMTP_URL: smtp.url, LEADS_TO, ADF_TO, MAIL_FROM: "noreply@dealer.test", TRUST_PROXY: "true" },
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

describe("the deal sheet", () => {
  let vehicle: Vehicle;
  let dealId = "";
  let sheetPath = "";
  let estimate: Estimate;
  const warrantyText = () => {
    const w = massachusettsWarranty(vehicle.price, vehicle.mileage);
    return w
      ? `garantía escrita del concesionario que cubre, con repuestos y mano de obra, cualquier defecto que afecte su uso o su seguridad, durante ${w.days} días o ${w.miles.toLocaleString("en-US")} millas, lo que ocurra primero`
      : "no exige una garantía escrita";
  };

  it("stores a sheet (201 with its page's URL), with the estimate's own numbers, and mails staff, the CRM and the shopper", async () => {
    vehicle = (await listed()).filter((v) => v.status === "available" && v.price > 5_000).sort((a, b) => a.mileage - b.mileage)[0]!;
    expect(vehicle).toBeTruthy();
    estimate = (await (
      await get(`/api/vehicles/${vehicle.id}/estimate?downPayment=2000&tradeInValue=5000&tradeInPayoff=1000&creditBand=good&termMonths=60`)
    ).json()) as Estimate;

    const res = await postJson("/api/deals", dealBody(vehicle.id));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; url: string };
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.url).toMatch(/^\/es\/deal\/[A-Za-z0-9_-]{43}$/);
    dealId = body.id;
    sheetPath = body.url;

    const list = (await (await owner.fetch("/api/admin/deals")).json()) as StaffDeal[];
    const stored = list.find((d) => d.id === dealId)!;
    expect(stored).toMatchObject({ version: 1, dealGroupId: dealId, replacedById: null, locale: "es", leadStatus: "new" });
    expect(stored.estimate).toEqual(estimate);
    expect(stored.vehicle.vin).toBe(vehicle.vin);

    // Every number is stored as whole cents; the token only as its hash.
    const token = sheetPath.split("/").at(-1)!;
    const { db } = openServerDatabase(server);
    try {
      const row = await db.selectFrom("deals").selectAll().where("id", "=", dealId).executeTakeFirstOrThrow();
      expect(row.outTheDoorCents).toBe(Math.round(estimate.outTheDoor * 100));
      expect(row.monthlyPaymentCents).toBe(Math.round(estimate.monthlyPayment! * 100));
      // The demo seed's example rates, marked as such (decision 092).
      expect(row.ratesSource).toBe("demo");
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(token);
    } finally {
      await db.destroy();
    }

    const mails = await exactly(3);
    const staff = mails.find((m) => recipients(m) === LEADS_TO)!;
    expect(staff.parsed.subject).toBe(
      `New deal sheet: ${[vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ")} — Lucía Pérez`,
    );
    expect(staff.parsed.replyTo?.text).toBe("lucia.deal@example.com");
    expect(staff.parsed.text!.split("\n")[0]).toBe("Shopper wrote in Spanish");
    const usd = (n: number) =>
      `${n < 0 ? "-" : ""}$${Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const [label, amount] of [
      ["Vehicle price", estimate.price],
      ["Trade-in allowance", -estimate.tradeInValue],
      ["Massachusetts sales tax (6.25%)", estimate.salesTax],
      ["Out-the-door price", estimate.outTheDoor],
      ["Owed on the trade-in", estimate.tradeInPayoff],
      ["Down payment", -2000],
      ["Amount financed", estimate.amountFinanced],
    ] as const)
      expect(staff.parsed.text, label).toContain(`${label}: ${usd(amount)}`);
    expect(staff.parsed.text).toContain(
      `Estimated monthly payment: ${usd(estimate.monthlyPayment!)}/mo at 8.9% APR for 60 months with $2,000.00 down`,
    );
    expect(staff.parsed.text).toContain(`/podium/deals/${dealId}`);

    const adf = mails.find((m) => recipients(m) === ADF_TO)!;
    expect(adfDtdErrors(adf.parsed.text!)).toBe("");
    const prospect = parseAdf(adf.parsed.text!);
    expect(prospect.vehicle).toHaveLength(2);
    const [buy, trade] = prospect.vehicle;
    expect(buy).toMatchObject({ "@interest": "buy", "@status": "used", vin: vehicle.vin });
    expect(buy.price).toMatchObject({ "@type": "quote", "@currency": "USD", "#text": String(estimate.outTheDoor) });
    expect(buy.finance.method).toBe("finance");
    const amounts = Object.fromEntries((buy.finance.amount as { "@type": string; "#text": string }[]).map((a) => [a["@type"], a["#text"]]));
    expect(amounts).toEqual({
      downpayment: "2000.00",
      monthly: estimate.monthlyPayment!.toFixed(2),
      total: estimate.amountFinanced.toFixed(2),
    });
    expect(trade).toMatchObject({ "@interest": "trade-in", "@status": "used" });
    expect(trade.price).toMatchObject({ "@type": "appraisal", "#text": "5000" });
    expect(prospect.customer.comments).toContain("Shopper's language: Spanish (es)");

    const shopper = mails.find((m) => recipients(m) === "lucia.deal@example.com")!;
    // One word for the deal sheet in Spanish: "cotización" (language review B3); the year after the model (B1).
    expect(shopper.parsed.subject).toBe(
      `Su cotización: ${vehicle.make} ${vehicle.model}${vehicle.trim ? ` ${vehicle.trim}` : ""} ${vehicle.year}`,
    );
    expect(shopper.parsed.html).toContain('lang="es-US"');
    expect(shopper.parsed.text).toMatch(new RegExp(`Abrir su cotización: https?://[^/\\s]+${sheetPath}\\n`));
    // What the dealer commits to, and what it does not (M2), in the mail as on the page.
    expect(shopper.parsed.text).toContain("mantenemos el precio del vehículo, el cargo por documentación");
    expect(shopper.parsed.text).toContain("depende de que revisemos el vehículo, su título y el saldo de su préstamo");

    const kinds = ((await (await owner.fetch("/api/admin/deals")).json()) as StaffDeal[])
      .find((d) => d.id === dealId)!
      .mails.map((m) => m.kind);
    expect(kinds.sort()).toEqual(["deal-adf", "deal-sheet", "deal-staff"]);
  });

  it("shows the sheet at its link in the shopper's language: vehicle, breakdown, payment terms, warranty, validity, contact; private", async () => {
    const res = await get(sheetPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    // The shopper's name is on it: no browser or shared cache keeps it (review L-4).
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-document-cache")).toBeNull();
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    const text = pageText(html);
    expect(text).toContain("Su cotización");
    expect(text).toContain("Preparada para Lucía Pérez");
    expect(text).toContain(vehicle.vin);
    const usd = (n: number) =>
      `${n < 0 ? "-" : ""}$${Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toContain(`Precio final ${usd(estimate.outTheDoor)}`);
    expect(text).toContain(`Monto financiado ${usd(estimate.amountFinanced)}`);
    expect(text).toContain(`${usd(estimate.monthlyPayment!)}/mes`);
    expect(text).toContain("8.9%");
    // The statute's terms for its price and mileage (M.G.L. c. 90 §7N¼).
    expect(text).toContain(warrantyText());
    expect(text).toMatch(/Estas cifras son válidas hasta el \d+ de \w+ de \d{4}\./);
    expect(text).toContain("mantenemos el precio del vehículo");
    expect(text).toContain("dependen de la aprobación del crédito");
    expect(text).toContain("(978) 555-0142");
    expect(html).not.toContain("lucia.deal@example.com");
    expect(html).toContain(`href="/deal/${sheetPath.split("/").at(-1)}/sheet.pdf"`);

    expect((await get(`/es/deal/${"x".repeat(43)}`)).status).toBe(404);
    expect((await get("/deal/short")).status).toBe(404);
  });

  it("serves the same sheet as a one-page PDF that pdftotext reads back in the shopper's language", async () => {
    const token = sheetPath.split("/").at(-1)!;
    const res = await get(`/deal/${token}/sheet.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const bytes = await res.arrayBuffer();
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const text = pdfText(bytes);
    const usd = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toContain("Cotización");
    expect(text).toContain(vehicle.vin);
    expect(text).toContain(`Precio final ${usd(estimate.outTheDoor)}`);
    expect(text).toContain(`Monto financiado ${usd(estimate.amountFinanced)}`);
    expect(text).toContain(`${usd(estimate.monthlyPayment!)}/mes`);
    expect(text).toContain(warrantyText());
    expect(text).toMatch(/Estas cifras son válidas hasta el \d+ de \w+ de \d{4}\./);
    expect(text).toContain("mantenemos el precio del vehículo");
    // The file is named, and an unknown link answered, in the sheet's language (language review B8).
    expect(res.headers.get("content-disposition")).toContain("cotizacion.pdf");
    const unknown = await get(`/deal/${"y".repeat(43)}/sheet.pdf`);
    expect(unknown.status).toBe(404);
  });

  it("keeps its numbers and its date when the vehicle's price changes afterwards", async () => {
    const before = pageText(await (await get(sheetPath)).text());
    const token = sheetPath.split("/").at(-1)!;
    const pdfBefore = pdfText(await (await get(`/deal/${token}/sheet.pdf`)).arrayBuffer());
    const cut = await owner.fetch(`/api/admin/vehicles/${vehicle.id}`, {
      method: "PATCH",
      body: vehicleFormBody(vehicle, { price: vehicle.price - 1_000 }),
    });
    expect(cut.status).toBe(200);
    const fresh = (await (
      await get(`/api/vehicles/${vehicle.id}/estimate?downPayment=2000&tradeInValue=5000&tradeInPayoff=1000`)
    ).json()) as Estimate;
    expect(fresh.price).toBe(estimate.price - 1_000);

    expect(pageText(await (await get(sheetPath)).text())).toBe(before);
    expect(pdfText(await (await get(`/deal/${token}/sheet.pdf`)).arrayBuffer())).toBe(pdfBefore);
    const stored = ((await (await owner.fetch("/api/admin/deals")).json()) as StaffDeal[]).find((d) => d.id === dealId)!;
    expect(stored.estimate).toEqual(estimate);
  });

  it("is revised by staff as a new version: the shopper gets the new link, the old one says it was replaced", async () => {
    expect(
      (
        await owner.fetch(`/api/admin/deals/${crypto.randomUUID()}/revisions`, {
          method: "POST",
          body: { downPayment: 1, tradeInValue: 0, tradeInPayoff: 0, creditBand: "good", termMonths: 60 },
        })
      ).status,
    ).toBe(404);
    const bad = await owner.fetch(`/api/admin/deals/${dealId}/revisions`, {
      method: "POST",
      body: { downPayment: -1, creditBand: "perfect", termMonths: 61 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors).sort()).toEqual(
      ["creditBand", "downPayment", "termMonths", "tradeInPayoff", "tradeInValue"].sort(),
    );

    const res = await owner.fetch(`/api/admin/deals/${dealId}/revisions`, {
      method: "POST",
      body: { downPayment: 4000, tradeInValue: 5000, tradeInPayoff: 1000, creditBand: "excellent", termMonths: 48 },
    });
    expect(res.status).toBe(201);
    const revised = (await res.json()) as StaffDeal;
    expect(revised).toMatchObject({ version: 2, dealGroupId: dealId, replacedById: null });
    // The sheet's frozen price, not the vehicle's new one, with the settings in force.
    expect(revised.estimate.price).toBe(estimate.price);
    expect(revised.estimate.apr).toBe(DEFAULT_DEAL_SETTINGS.aprByBand.excellent);
    expect(revised.estimate.termMonths).toBe(48);

    const [mail] = await exactly(1);
    expect(recipients(mail!)).toBe("lucia.deal@example.com");
    expect(mail!.parsed.subject).toMatch(/^Su cotización revisada: /);
    // The earlier sheet is not taken back: it still holds until its date (H3, decision 093).
    expect(mail!.parsed.text).toMatch(/Su cotización anterior sigue siendo válida hasta el \d+ de \w+ de \d{4}\./);
    expect(mail!.parsed.text).not.toMatch(/ya no (aplica|es válida)/);
    const link = new URL(/(http:\/\/\S+\/es\/deal\/[A-Za-z0-9_-]{43})/.exec(mail!.parsed.text!)![1]!);
    expect(link.pathname).not.toBe(sheetPath);
    const newText = pageText(await (await get(link.pathname)).text());
    expect(newText).toContain("Versión 2");
    expect(newText).toContain("6.9%");

    // While its date has not passed, the replaced sheet still shows its numbers, with a note.
    const token = sheetPath.split("/").at(-1)!;
    const old = await get(sheetPath);
    expect(old.status).toBe(200);
    const oldText = pageText(await old.text());
    expect(oldText).toContain("Después le enviamos por correo una cotización revisada. Las cifras de esta siguen siendo válidas hasta el");
    expect(oldText).toContain(vehicle.vin);
    expect((await get(`/deal/${token}/sheet.pdf`)).status).toBe(200);
    // After its date it says only that it was replaced, in the shopper's language, page and PDF.
    const { db } = openServerDatabase(server);
    const { validUntil } = await db.selectFrom("deals").select("validUntil").where("id", "=", dealId).executeTakeFirstOrThrow();
    await db.updateTable("deals").set({ validUntil: "2020-01-31" }).where("id", "=", dealId).execute();
    const gone = pageText(await (await get(sheetPath)).text());
    expect(gone).toContain("Esta cotización fue reemplazada");
    expect(gone).not.toContain(vehicle.vin);
    const pdfGone = await get(`/deal/${token}/sheet.pdf`);
    expect(pdfGone.status).toBe(410);
    expect(await pdfGone.text()).toContain("Esta cotización fue reemplazada por una más reciente.");
    await db.updateTable("deals").set({ validUntil }).where("id", "=", dealId).execute();
    await db.destroy();
    // The old version can be revised only once.
    expect(
      (
        await owner.fetch(`/api/admin/deals/${dealId}/revisions`, {
          method: "POST",
          body: { downPayment: 1, tradeInValue: 0, tradeInPayoff: 0, creditBand: "good", termMonths: 60 },
        })
      ).status,
    ).toBe(409);

    const list = (await (await owner.fetch("/api/admin/deals")).json()) as StaffDeal[];
    expect(list.find((d) => d.id === dealId)!.replacedById).toBe(revised.id);
    const status = await owner.fetch(`/api/admin/deals/${revised.id}/status`, { method: "PATCH", body: { status: "contacted" } });
    expect(status.status).toBe(200);
    expect(((await status.json()) as { leadStatus: string }).leadStatus).toBe("contacted");
  });

  it("30 days after its numbers' last day, its link says it has expired and shows nothing else (review L-4, decision 088)", async () => {
    const res = await postJson("/api/deals", dealBody(vehicle.id));
    expect(res.status).toBe(201);
    const { id, url } = (await res.json()) as { id: string; url: string };
    const token = url.split("/").at(-1)!;
    const setValidUntil = async (date: string) => {
      const { db } = openServerDatabase(server);
      try {
        await db.updateTable("deals").set({ validUntil: date }).where("id", "=", id).execute();
      } finally {
        await db.destroy();
      }
    };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // Its numbers ended 29 days ago: the page still shows them, as expired.
    await setValidUntil(day(-29));
    const late = await get(url);
    expect(late.status).toBe(200);
    expect(pageText(await late.text())).toContain("Preparada para Lucía Pérez");
    // 32 days ago: the link itself has expired.
    await setValidUntil(day(-32));
    for (const path of [url, `${url}.data`, `/deal/${token}`]) {
      const expired = await get(path);
      expect(expired.status, path).toBe(410);
      expect(expired.headers.get("cache-control"), path).toBe("private, no-store");
      expect(expired.headers.get("referrer-policy"), path).toBe("no-referrer");
      const body = await expired.text();
      // Random text (the page's own token, script nonces, hashed asset names) may hold a model's letters ("A5"): not a leak.
      const shown = body
        .replaceAll(token, "")
        .replace(/nonce="[^"]*"/g, "")
        .replace(/\/assets\/[\w.-]+/g, "");
      for (const personal of ["Lucía", "Pérez", vehicle.vin, vehicle.model])
        expect(shown, `${path} shows ${personal}`).not.toContain(personal);
      if (!path.endsWith(".data"))
        expect(pageText(body)).toContain(
          path.startsWith("/es/") ? "El enlace de esta cotización venció" : "This deal sheet link has expired",
        );
    }
    const pdf = await get(`/deal/${token}/sheet.pdf`);
    expect(pdf.status).toBe(410);
    expect(pdf.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("refuses a revision that raises the price, a fee or a band's APR above what a held sheet promised (409 with the reason), however many race", async () => {
    const current = ((await (await owner.fetch("/api/admin/deals")).json()) as StaffDeal[]).find(
      (d) => d.dealGroupId === dealId && d.replacedById === null,
    )!;
    const numbers = { downPayment: 4000, tradeInValue: 5000, tradeInPayoff: 1000, termMonths: 48 };
    // The review's case: $5,000 above the advertised price while the first sheet is held.
    const raised = await owner.fetch(`/api/admin/deals/${current.id}/revisions`, {
      method: "POST",
      body: { ...numbers, creditBand: "good", price: estimate.price + 5_000 },
    });
    expect(raised.status).toBe(409);
    const reason = ((await raised.json()) as { error: string }).error;
    expect(reason).toMatch(
      /^A deal sheet still held until \d{4}-\d{2}-\d{2} promised a vehicle price of \$[\d,]+\.\d{2}; a revision may not raise it/,
    );
    // The rate the first sheet gave the "good" band is held too.
    const settings = (await (await owner.fetch("/api/admin/deal-settings")).json()) as { settings: typeof DEFAULT_DEAL_SETTINGS };
    const higher = { ...settings.settings, aprByBand: { ...settings.settings.aprByBand, good: 12.5 } };
    expect((await owner.fetch("/api/admin/deal-settings", { method: "PUT", body: higher })).status).toBe(200);
    const rate = await owner.fetch(`/api/admin/deals/${current.id}/revisions`, {
      method: "POST",
      body: { ...numbers, creditBand: "good" },
    });
    expect(rate.status).toBe(409);
    expect(((await rate.json()) as { error: string }).error).toContain("an APR for the good credit band of 8.9%");
    // Refused revisions leave the current version current and send nothing.
    expect(
      ((await (await owner.fetch("/api/admin/deals")).json()) as StaffDeal[]).find((d) => d.id === current.id)!.replacedById,
    ).toBeNull();
    await sleep(500);
    expect(smtp.mails).toHaveLength(0);

    // Reserve, then check: of several revisions at once, one wins and the others are told the version was replaced.
    const lower = { ...numbers, creditBand: "excellent", price: estimate.price - 100 };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => owner.fetch(`/api/admin/deals/${current.id}/revisions`, { method: "POST", body: lower })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    await exactly(1);
    await owner.fetch("/api/admin/deal-settings", { method: "PUT", body: settings.settings });
  });

  it("holds for the owner's number of days (3 by default)", async () => {
    const settings = await owner.fetch("/api/admin/deal-settings");
    expect(((await settings.json()) as { settings: { dealValidDays: number } }).settings.dealValidDays).toBe(3);
    const list = (await (await owner.fetch("/api/admin/deals")).json()) as StaffDeal[];
    const first = list.find((d) => d.id === dealId)!;
    const days =
      (Date.parse(`${first.validUntil}T00:00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000;
    // The dealership's calendar day may be a day behind UTC's.
    expect([2, 3]).toContain(days);

    const bad = await owner.fetch("/api/admin/deal-settings", { method: "PUT", body: { ...DEFAULT_DEAL_SETTINGS, dealValidDays: 0 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.dealValidDays).toMatch(/1 to 30/);
    expect(
      (await owner.fetch("/api/admin/deal-settings", { method: "PUT", body: { ...DEFAULT_DEAL_SETTINGS, dealValidDays: 7 } })).status,
    ).toBe(200);
    // A client that sends no validity keeps the stored one.
    const { dealValidDays: _omitted, ...older } = DEFAULT_DEAL_SETTINGS;
    const kept = await owner.fetch("/api/admin/deal-settings", { method: "PUT", body: older });
    expect(((await kept.json()) as { settings: { dealValidDays: number } }).settings.dealValidDays).toBe(7);

    const res = await postJson(
      "/api/deals",
      dealBody(vehicle.id, { locale: "en", email: "sam.seven@example.com", tradeInValue: 0, tradeInPayoff: 0 }),
    );
    expect(res.status).toBe(201);
    const { id, url } = (await res.json()) as { id: string; url: string };
    expect(url).toMatch(/^\/deal\/[A-Za-z0-9_-]{43}$/);
    const stored = ((await (await owner.fetch("/api/admin/deals")).json()) as StaffDeal[]).find((d) => d.id === id)!;
    const seven =
      (Date.parse(`${stored.validUntil}T00:00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000;
    expect([6, 7]).toContain(seven);
    const mails = await exactly(3);
    // No trade-in: the ADF has only the vehicle to buy.
    const adf = mails.find((m) => recipients(m) === ADF_TO)!;
    expect(adfDtdErrors(adf.parsed.text!)).toBe("");
    expect(parseAdf(adf.parsed.text!).vehicle).toHaveLength(1);

    // Past its last day (within the 30 days its link still works: decision 088) the page says so.
    const lastDay = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const { db } = openServerDatabase(server);
    try {
      await db.updateTable("deals").set({ validUntil: lastDay }).where("id", "=", id).execute();
    } finally {
      await db.destroy();
    }
    const spelled = new Date(`${lastDay}T12:00:00Z`).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(pageText(await (await get(url)).text())).toContain(`This deal sheet expired on ${spelled}.`);
    await owner.fetch("/api/admin/deal-settings", { method: "PUT", body: DEFAULT_DEAL_SETTINGS });
  });

  it("refuses bad input with a 400 and a message per field in the shopper's language, a sold vehicle with 410, an unknown one with 404", async () => {
    const res = await postJson("/api/deals", {
      vehicleId: "nope",
      downPayment: -5,
      creditBand: "perfect",
      termMonths: 61,
      email: "nope",
      locale: "pt",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(body.error).toBe("Corrija os campos destacados.");
    expect(body.fieldErrors).toMatchObject({
      vehicleId: "Escolha um veículo do nosso estoque.",
      firstName: "Informe seu nome",
      lastName: "Informe seu sobrenome",
      email: "Informe um e-mail válido",
      phone: "Informe um telefone válido",
    });
    expect(body.fieldErrors.downPayment).toBeTruthy();
    expect(body.fieldErrors.creditBand).toBeTruthy();
    expect(body.fieldErrors.termMonths).toBeTruthy();
    // Consent to calls and texts is never a condition of the sheet (M7).
    expect(body.fieldErrors.consent).toBeUndefined();
    expect(body.fieldErrors.textConsent).toBeUndefined();
    // Money is decimal digits with at most two decimals: hexadecimal, exponents and signs are refused (decision 090).
    for (const bad of ["0x10", "1e1", "-5", "+5", "12.345"]) {
      const money = await postJson("/api/deals", dealBody(vehicle.id, { downPayment: bad, locale: "en" }));
      expect(money.status, bad).toBe(400);
      expect(((await money.json()) as typeof body).fieldErrors.downPayment, bad).toBe("Enter an amount in dollars, 0 or more.");
    }

    expect((await postJson("/api/deals", dealBody("00000000-0000-4000-8000-000000000000"))).status).toBe(404);
    const other = (await listed()).find((v) => v.id !== vehicle.id && v.status === "available")!;
    expect((await owner.fetch(`/api/admin/vehicles/${other.id}/status`, { method: "PATCH", body: { status: "sold" } })).status).toBe(200);
    const sold = await postJson("/api/deals", dealBody(other.id));
    expect(sold.status).toBe(410);
    expect(await sold.json()).toEqual({ error: "Vehicle sold" });
    await sleep(500);
    expect(smtp.mails).toHaveLength(0);
  });

  it("takes the vehicle's deal form posted without JavaScript, in Portuguese, and opens the sheet", async () => {
    const page = await get(`/pt/deal?vehicle=${vehicle.id}&downPayment=1500&termMonths=72&creditBand=fair`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Quero receber esta proposta");
    expect(html).toMatch(/name="downPayment"[^>]*value="1500"|value="1500"[^>]*name="downPayment"/);
    expect((await get(`/deal?vehicle=00000000-0000-4000-8000-000000000000`)).status).toBe(404);

    const form = new URLSearchParams({
      vehicleId: vehicle.id,
      downPayment: "1500",
      tradeInValue: "",
      tradeInPayoff: "",
      creditBand: "fair",
      termMonths: "72",
      firstName: "João",
      lastName: "Silva",
      email: "joao.deal@example.com",
      phone: "978-555-0199",
    });
    const action = `/pt/deal?vehicle=${vehicle.id}&downPayment=1500&tradeInValue=0&tradeInPayoff=0&creditBand=fair&termMonths=72`;
    expect(html).toContain(`action="${action.replace(/&/g, "&amp;")}"`);
    form.set("email", "joao.deal@");
    const missing = await fetch(`${server.url}${action}`, {
      method: "POST",
      body: form,
      headers: { "X-Forwarded-For": client() },
      redirect: "manual",
    });
    expect(missing.status).toBe(400);
    const again = await missing.text();
    // The page comes back with the message under the field and what was typed.
    expect(again).toMatch(/id="deal-email-error"[^>]*>Informe um e-mail válido</);
    expect(again).toMatch(/name="email"[^>]*value="joao.deal@"|value="joao.deal@"[^>]*name="email"/);

    // The optional consent to calls and texts: ticked, it is stored with its wording's version, language and number (M7).
    form.set("email", "joao.deal@example.com");
    form.set("textConsent", "true");
    const sent = await fetch(`${server.url}${action}`, {
      method: "POST",
      body: form,
      headers: { "X-Forwarded-For": client() },
      redirect: "manual",
    });
    expect(sent.status).toBe(302);
    const location = sent.headers.get("location")!;
    expect(location).toMatch(/^\/pt\/deal\/[A-Za-z0-9_-]{43}$/);
    const text = pageText(await (await get(location)).text());
    expect(text).toContain("Sua proposta");
    expect(text).toContain("Preparada para João Silva");
    const mails = await exactly(3);
    expect(mails.find((m) => recipients(m) === "joao.deal@example.com")!.parsed.subject).toMatch(/^Sua proposta: /);
    const pdf = pdfText(await (await get(`/deal/${location.split("/").at(-1)}/sheet.pdf`)).arrayBuffer());
    expect(pdf).toContain("Proposta");
    const { db } = openServerDatabase(server);
    try {
      const consent = await db
        .selectFrom("contactConsents")
        .innerJoin("customers", "customers.id", "contactConsents.customerId")
        .select([
          "contactConsents.wordingVersion",
          "contactConsents.locale",
          "contactConsents.phone",
          "contactConsents.channels",
          "contactConsents.leadType",
          "contactConsents.clientAddress",
        ])
        .where("customers.email", "=", "joao.deal@example.com")
        .executeTakeFirstOrThrow();
      expect(consent).toEqual({
        wordingVersion: CONTACT_CONSENT_VERSION,
        locale: "pt",
        phone: "+19785550199",
        channels: "phone,text",
        leadType: "deal",
        clientAddress: expect.stringMatching(/^198\.51\.100\.\d+$/),
      });
      // Lucía did not tick it: no consent is recorded for her.
      const none = await db
        .selectFrom("contactConsents")
        .innerJoin("customers", "customers.id", "contactConsents.customerId")
        .select("contactConsents.id")
        .where("customers.email", "=", "lucia.deal@example.com")
        .execute();
      expect(none).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("is for owner and sales; finance and service get 403", async () => {
    for (const [role, status] of [
      ["sales", 200],
      ["finance", 403],
      ["service", 403],
    ] as const) {
      const staff = await signInAs(server, role);
      const res = await fetch(`${server.url}/api/admin/deals`, { headers: { cookie: staff.cookie!, origin: server.url } });
      expect(res.status, role).toBe(status);
    }
    expect((await get("/api/admin/deals")).status).toBe(401);
  });
});

describe("the vehicle page", () => {
  it("offers 'Send me this deal' from the estimate, carrying its numbers", async () => {
    const vehicle = (await listed()).find((v) => v.status === "available")!;
    const html = await (await get(`/es${vehiclePath(vehicle)}?downPayment=1234&creditBand=fair&termMonths=48`)).text();
    const link = /<a href="([^"]+)"[^>]*data-testid="send-deal"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(link).toBeTruthy();
    const url = new URL(link!, server.url);
    expect(url.pathname).toBe("/es/deal");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      vehicle: vehicle.id,
      downPayment: "1234",
      creditBand: "fair",
      termMonths: "48",
    });
  });
});
