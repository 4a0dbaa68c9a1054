import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { businessProfile } from "~/shared/config/business-profile";
import { colourOperators, isBlack } from "../../../tests/support/pdf-colors";
import { renderBuyersGuide, type BuyersGuideOptions, type BuyersGuideVehicle } from "./buyers-guide-pdf.server";
import { BUYERS_GUIDE_TEXT, plainText } from "./buyers-guide-text";

const vehicle: BuyersGuideVehicle = {
  manufacturerWarrantyApplies: false,
  year: 2019,
  make: "Honda",
  model: "CR-V",
  vin: "2HKRW2H85KH600001",
  stockNumber: "A1234",
  price: 12_695,
  mileage: 51_240,
  warrantyType: "dealer",
  warrantyTerms: null,
};

const options: BuyersGuideOptions = { docFee: 0, complaintsContact: "Sales Manager (Dana Reyes)", signatureLine: false };
const render = (v: BuyersGuideVehicle, language: "en" | "es", region?: string, extra: Partial<BuyersGuideOptions> = {}) =>
  renderBuyersGuide(v, language, { ...options, ...extra }, region);

/** Writes the PDF, rasterises both pages with pdftoppm and returns the text pdftotext finds. */
function renderAndRead(bytes: Uint8Array): { text: string; pages: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "buyers-guide-"));
  const file = path.join(dir, "guide.pdf");
  fs.writeFileSync(file, bytes);
  execFileSync("pdftoppm", ["-r", "40", "-png", file, path.join(dir, "page")]);
  const pages = fs.readdirSync(dir).filter((f) => f.endsWith(".png"));
  for (const page of pages) expect(fs.statSync(path.join(dir, page)).size).toBeGreaterThan(1000);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  return { text: text.replace(/\s+/g, " "), pages };
}

const HEADINGS = {
  en: { asIs: "AS IS", implied: "IMPLIED WARRANTIES ONLY", dealer: "DEALER WARRANTY" },
  es: { asIs: "COMO ESTÁ", implied: "SOLO GARANTÍAS IMPLÍCITAS", dealer: "GARANTÍA DEL CONCESIONARIO" },
} as const;

describe("renderBuyersGuide in Massachusetts (decision 060)", () => {
  // The issue's cases: the mileage bands' edges and a car under $700. Each stored as "as_is" (an old
  // row) and as what the form now offers, in both languages.
  const cases = [
    { mileage: 39_999, price: 12_695, box: "dealer", duration: ["90 days or 3,750 miles", "90 días o 3,750 millas"] },
    { mileage: 40_000, price: 12_695, box: "dealer", duration: ["60 days or 2,500 miles", "60 días o 2,500 millas"] },
    { mileage: 124_999, price: 12_695, box: "dealer", duration: ["30 days or 1,250 miles", "30 días o 1,250 millas"] },
    { mileage: 125_000, price: 12_695, box: "implied", duration: null },
    { mileage: 20_000, price: 650, box: "implied", duration: null },
  ] as const;
  for (const c of cases) {
    for (const language of ["en", "es"] as const) {
      for (const stored of ["as_is", c.box] as const) {
        it(`${c.mileage.toLocaleString("en-US")} miles, $${c.price} (stored ${stored}), ${language}: ${c.box === "dealer" ? "DEALER WARRANTY with the statutory terms" : "IMPLIED WARRANTIES ONLY checked"}, never AS IS`, async () => {
          const { text, pages } = renderAndRead(
            await render({ ...vehicle, mileage: c.mileage, price: c.price, warrantyType: stored }, language),
          );
          expect(pages).toHaveLength(2);
          const h = HEADINGS[language];
          expect(text).not.toContain(h.asIs);
          expect(text).not.toMatch(/AS IS|COMO ESTÁ/i);
          // The "Implied Warranties Only" version of the form always: its box is there, checked or not.
          expect(text).toContain(h.implied);
          const checked = (heading: string) => new RegExp(`X ${heading}`).test(text);
          expect(checked(h.implied)).toBe(c.box === "implied");
          expect(checked(h.dealer)).toBe(c.box === "dealer");
          if (c.duration) expect(text).toContain(c.duration[language === "en" ? 0 : 1]);
        });
      }
    }
  }

  it("renders the English guide: two pages, the vehicle, the dealer warranty with Massachusetts terms, the standard statements", async () => {
    const { text, pages } = renderAndRead(await render(vehicle, "en"));
    expect(pages).toHaveLength(2);
    for (const words of [
      "BUYERS GUIDE",
      "Spoken promises are difficult to enforce",
      "Honda",
      "CR-V",
      "2019",
      "2HKRW2H85KH600001",
      "A1234",
      "IMPLIED WARRANTIES ONLY",
      "X DEALER WARRANTY",
      "X LIMITED WARRANTY",
      "The dealer will pay 100% of the labor and 100% of the parts",
      "60 days or 2,500 miles, whichever comes first",
      "SERVICE CONTRACT",
      "ASK THE DEALER IF YOUR MECHANIC CAN INSPECT THE VEHICLE",
      "Guía del Comprador en español",
      "major defects",
      "FOR COMPLAINTS AFTER SALE, CONTACT",
      // A person or department from the settings, with the dealer's telephone (decision 091).
      `Sales Manager (Dana Reyes), ${businessProfile.phone}`,
      "Demo Motors of Fitchburg",
      "16 C.F.R. 455",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("renders the Spanish guide with its own words", async () => {
    const { text, pages } = renderAndRead(await render({ ...vehicle, price: 650, warrantyType: "implied" }, "es"));
    expect(pages).toHaveLength(2);
    for (const words of [
      "GUÍA DEL COMPRADOR",
      "Las promesas verbales son difíciles de hacer cumplir",
      "X SOLO GARANTÍAS IMPLÍCITAS",
      "GARANTÍA DEL CONCESIONARIO",
      "CONTRATO DE MANTENIMIENTO.",
      "ftc.gov/carrosusados",
      "VEA AL DORSO",
      "PARA QUEJAS DESPUÉS DE LA VENTA",
      "2HKRW2H85KH600001",
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain("BUYERS GUIDE");
  });

  it("prints the 'as is' version for a profile in a state that allows it", async () => {
    const { text } = renderAndRead(await render({ ...vehicle, price: 650, warrantyType: "as_is" }, "en", "NH"));
    expect(text).toContain("X AS IS - NO DEALER WARRANTY");
    expect(text).not.toContain("IMPLIED WARRANTIES ONLY");
  });

  it("reproduces the 2016 form's prescribed English sentences exactly (16 CFR 455.2), the non-dealer boxes and the catalytic converter", async () => {
    const { text } = renderAndRead(await render({ ...vehicle, manufacturerWarrantyApplies: true }, "en"));
    for (const sentence of [
      "The dealer will pay 100% of the labor and 100% of the parts for the covered systems that fail during the warranty period. Ask the dealer for a copy of the warranty, and for any documents that explain warranty coverage, exclusions, and the dealer's repair obligations. Implied warranties under your state's laws may give you additional rights.",
      "NON-DEALER WARRANTIES FOR THIS VEHICLE:",
      "X MANUFACTURER'S WARRANTY STILL APPLIES. The manufacturer's original warranty has not expired on some components of the vehicle.",
      "MANUFACTURER'S USED VEHICLE WARRANTY APPLIES.",
      "OTHER USED VEHICLE WARRANTY APPLIES.",
      "Ask the dealer for a copy of the warranty document and an explanation of warranty coverage, exclusions, and repair obligations.",
      "A service contract on this vehicle is available for an extra charge. Ask for details about coverage, deductible, price, and exclusions. If you buy a service contract within 90 days of your purchase of this vehicle, implied warranties under your state's laws may give you additional rights.",
      "ASK THE DEALER IF YOUR MECHANIC CAN INSPECT THE VEHICLE ON OR OFF THE LOT.",
      "OBTAIN A VEHICLE HISTORY REPORT AND CHECK FOR OPEN SAFETY RECALLS.",
      "Si el concesionario gestiona la venta en español, pídale una copia de la Guía del Comprador en español.",
      "Air Bags",
      "Exhaust System",
      "Catalytic Converter",
      "Dog tracks-bent or twisted frame",
      "Drum or rotor too thin (Mfgr. Specs)",
    ]) {
      expect(text).toContain(sentence);
    }
    // The non-dealer paragraph says "repair obligations", not "the dealer's repair obligations".
    expect(text.match(/the dealer's repair obligations/g)).toHaveLength(1);
    expect(text).not.toMatch(/X MANUFACTURER'S USED|X OTHER USED/);
    const unticked = renderAndRead(await render(vehicle, "en")).text;
    expect(unticked).not.toContain("X MANUFACTURER'S WARRANTY STILL APPLIES");
  });

  it("lists the catalytic converter and air bags on the Spanish back page too", async () => {
    const { text } = renderAndRead(await render(vehicle, "es"));
    expect(text).toContain("Convertidor catalítico");
    expect(text).toContain("Bolsas de aire");
    expect(text).toContain("GARANTÍAS DE TERCEROS PARA ESTE VEHÍCULO:");
  });
});

/** The three passages 16 CFR 455.5 prints as text, word for word (*garantías implícitas* in italics in the rule). */
const RULE_455_5 = {
  b: "El concesionario no hace ninguna promesa de reparar lo que sea necesario cuando compre el vehículo o posteriormente. Sin embargo, las garantías implícitas según las leyes estatales podrían darle algunos derechos para hacer que el concesionario se encargue de ciertos problemas que no fueran evidentes cuando compró el vehículo.",
  c: "CONTRATO DE MANTENIMIENTO. Con un cargo adicional, puede obtener un contrato de mantenimiento para este vehículo. Pregunte acerca de los detalles de la cobertura, los deducibles, el precio y las exclusiones. Si compra un contrato de mantenimiento dentro de los 90 días desde el momento en que compró el vehículo, las garantías implícitas según las leyes de su estado podrían darle derechos adicionales.",
  d: "Por este medio confirmo que he recibido copia de la Guía del Comprador al momento de la compraventa.",
};

describe("the FTC's Spanish words (16 CFR 455.5, decision 091)", () => {
  it("keeps the rule's three paragraphs exactly, with the italic words marked", () => {
    const es = BUYERS_GUIDE_TEXT.es;
    expect(es.implied.heading).toBe("SOLO GARANTÍAS IMPLÍCITAS");
    expect(plainText(es.implied.text)).toBe(RULE_455_5.b);
    expect(`${es.serviceContract.heading} ${plainText(es.serviceContract.text)}`).toBe(RULE_455_5.c);
    expect(es.signature.acknowledgement).toBe(RULE_455_5.d);
    for (const text of [es.implied.text, es.serviceContract.text]) {
      expect(typeof text === "string" ? [] : text.filter((part) => typeof part !== "string")).toEqual([{ italic: "garantías implícitas" }]);
    }
  });

  it("prints them so on the Spanish guide, the signature line when the settings ask for it, and italics in an italic font", async () => {
    const bytes = await render({ ...vehicle, price: 650, warrantyType: "implied" }, "es", undefined, { signatureLine: true });
    const { text } = renderAndRead(bytes);
    for (const paragraph of Object.values(RULE_455_5)) expect(text).toContain(paragraph);
    expect(text).toContain("FIRMA");
    const fonts = execFileSync("pdffonts", ["-"], { input: Buffer.from(bytes), encoding: "utf8" });
    expect(fonts).toContain("Helvetica-Oblique");
    expect(renderAndRead(await render(vehicle, "es")).text).not.toContain(RULE_455_5.d);
  });

  it("offers the signature line on the English guide too", async () => {
    const { text } = renderAndRead(await render(vehicle, "en", undefined, { signatureLine: true }));
    expect(text).toContain("I hereby acknowledge receipt of the Buyers Guide at the closing of this sale.");
    expect(text).toContain("SIGNATURE");
  });
});

describe("the form as prescribed (decision 091)", () => {
  it.each(["en", "es"] as const)("prints the %s guide in black only: every colour operator of both pages sets black", async (language) => {
    for (const v of [vehicle, { ...vehicle, mileage: 130_000 }]) {
      const operators = await colourOperators(await render(v, language, undefined, { signatureLine: true }));
      expect(operators.length).toBeGreaterThan(10);
      expect(operators.filter((op) => !isBlack(op))).toEqual([]);
    }
  });

  it("lists each defect on its own line under its system, as the form does", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "buyers-guide-")), "guide.pdf");
    fs.writeFileSync(file, await render(vehicle, "en"));
    const back = execFileSync("pdftotext", ["-f", "2", "-l", "2", "-raw", file, "-"], { encoding: "utf8" }).split("\n");
    // One line each (a long one wraps under itself), never run together with semicolons.
    for (const line of [
      "Dog tracks-bent or twisted frame",
      "Cracked block or head",
      "Air conditioner",
      "Heater & Defroster",
      "Leakage",
      "Catalytic Converter",
    ]) {
      expect(back).toContain(line);
    }
    expect(back.join(" ")).not.toContain(";");
  });

  it("sets the title far larger than the body text, which is no smaller than 10 points", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "buyers-guide-")), "guide.pdf");
    fs.writeFileSync(file, await render(vehicle, "en"));
    const html = execFileSync("pdftotext", ["-f", "1", "-l", "1", "-bbox", file, "-"], { encoding: "utf8" });
    const heights = [...html.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      word: m[3]!,
      height: Number(m[2]) - Number(m[1]),
    }));
    const title = heights.find((h) => h.word === "BUYERS")!;
    expect(title.height).toBeGreaterThan(30);
    const body = heights.find((h) => h.word === "afterward.")!;
    // pdftotext's word box is 0.925 of Helvetica's size: 9.25 points high is 10-point type.
    expect(body.height).toBeGreaterThanOrEqual(9.25);
    expect(title.height / body.height).toBeGreaterThan(3);
  });
});
