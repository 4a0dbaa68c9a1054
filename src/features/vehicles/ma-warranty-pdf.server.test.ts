import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { colourOperators, isBlack } from "../../../tests/support/pdf-colors";
import { renderMaWarranty, renderRightsNotice, type MaWarrantyVehicle } from "./ma-warranty-pdf.server";

const vehicle: MaWarrantyVehicle = {
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

/** The PDF's pages (rasterised, to prove it renders) and its text as pdftotext reads it. */
function read(bytes: Uint8Array): { text: string; pages: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ma-warranty-"));
  const file = path.join(dir, "warranty.pdf");
  fs.writeFileSync(file, bytes);
  execFileSync("pdftoppm", ["-r", "40", "-png", file, path.join(dir, "page")]);
  const pages = fs.readdirSync(dir).filter((f) => f.endsWith(".png")).length;
  return { text: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " "), pages };
}

describe("renderMaWarranty (M.G.L. c. 90 §7N¼, decision 060)", () => {
  it.each([
    [39_999, "90 days or 3,750 miles"],
    [40_000, "60 days or 2,500 miles"],
    [124_999, "30 days or 1,250 miles"],
  ])("at %i miles: one page with the term, what it covers, how to claim it and the Lemon Aid notice", async (mileage, term) => {
    const { text, pages } = read((await renderMaWarranty({ ...vehicle, mileage }, "en", 0))!);
    expect(pages).toBe(1);
    for (const words of [
      "MASSACHUSETTS USED VEHICLE WARRANTY",
      "M.G.L. c. 90, §7N¼",
      `under warranty for ${term}, whichever comes first, counted from the date of sale`,
      "at no charge to you for parts or labor, any defect that impairs the vehicle's use or safety",
      "HOW TO USE THIS WARRANTY",
      "3 attempts",
      "more than 10 business days",
      "LEMON AID LAW, M.G.L. c. 90, §7N",
      "fails the Massachusetts safety or emissions inspection within 7 days of the sale",
      "cost more than 10% of the purchase price, you may cancel the sale",
      "within 14 days of the sale",
      "2-316A",
      "2HKRW2H85KH600001",
      "Demo Motors of Fitchburg",
      "DEALER'S SIGNATURE",
      // Filled in at the sale (review L5): who bought it, when, and the odometer the warranty counts from.
      "BUYER",
      "DATE OF SALE",
      "ODOMETER AT SALE",
      "PRICE (WITH DOC FEE)",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("is in Spanish for a sale in Spanish", async () => {
    const { text, pages } = read((await renderMaWarranty(vehicle, "es", 0))!);
    expect(pages).toBe(1);
    expect(text).toContain("GARANTÍA DE VEHÍCULO USADO DE MASSACHUSETTS");
    expect(text).toContain("60 días o 2,500 millas");
    expect(text).toContain("LEY LEMON AID, M.G.L. c. 90, §7N");
    // The language review's wording: "tiene garantía", "extiende la garantía un día".
    expect(text).toContain("Este vehículo tiene garantía durante 60 días o 2,500 millas");
    expect(text).toContain("extiende la garantía un día");
    expect(text).toContain("MILLAJE AL MOMENTO DE LA VENTA");
    expect(text).not.toContain("WARRANTY");
  });

  it("names the vehicle as the document's language does, in its cell and its title (the one vehicle name)", async () => {
    for (const [language, name] of [
      ["en", "2019 Honda CR-V"],
      ["es", "Honda CR-V 2019"],
    ] as const) {
      const bytes = (await renderMaWarranty(vehicle, language, 0))!;
      expect(read(bytes).text).toContain(name);
      expect((await PDFDocument.load(bytes)).getTitle()).toMatch(new RegExp(`: ${name} 2HKRW2H85KH600001$`));
    }
  });

  it("is not issued where the statute requires no warranty: 125,000 miles, or a $650 car with no doc fee", async () => {
    expect(await renderMaWarranty({ ...vehicle, mileage: 125_000 }, "en", 0)).toBeNull();
    expect(await renderMaWarranty({ ...vehicle, price: 650 }, "en", 0)).toBeNull();
  });

  it("counts the doc fee in §7N¼'s $700 (decision 091): $650 with a $499 fee gets the warranty", async () => {
    const { text } = read((await renderMaWarranty({ ...vehicle, price: 650, mileage: 119_830 }, "en", 499))!);
    expect(text).toContain("under warranty for 30 days or 1,250 miles");
    expect(text).toContain("$1,149");
  });

  it("prints the dealer's own longer terms, the same the Buyers Guide prints (one source, decision 091)", async () => {
    const own = { systems: ["use-or-safety", "engine"] as const, days: 120, miles: null, laborPercent: 100, partsPercent: 100 };
    const { text } = read((await renderMaWarranty({ ...vehicle, warrantyTerms: { ...own, systems: [...own.systems] } }, "en", 0))!);
    expect(text).toContain("under warranty for 120 days, counted from the date of sale");
    expect(text).toContain("The dealer also covers, on the same terms: Engine.");
  });

  it("is black only", async () => {
    const operators = await colourOperators((await renderMaWarranty(vehicle, "en", 0))!);
    expect(operators.filter((op) => !isBlack(op))).toEqual([]);
  });
});

describe("renderRightsNotice: every vehicle's Lemon Aid and implied warranty notice (c. 90 §7N, decision 091)", () => {
  it.each([
    [{ mileage: 130_000 }, "At 125,000 miles or more, Massachusetts law requires no written dealer warranty on this vehicle."],
    [{ price: 500, mileage: 20_000 }, "At a price under $700, Massachusetts law requires no written dealer warranty on this vehicle."],
    [
      {},
      "This vehicle comes with the dealer's written warranty covering any defect that impairs its use or safety, for 60 days or 2,500 miles",
    ],
  ])("%o: the written warranty or the right reason there is none, the implied warranty and Lemon Aid", async (changes, written) => {
    const { text, pages } = read(await renderRightsNotice({ ...vehicle, ...changes, warrantyType: "implied" }, "en", 0));
    expect(pages).toBe(1);
    expect(text).toContain(written);
    expect(text).toContain("implied warranty of merchantability");
    expect(text).toContain("fails the Massachusetts safety or emissions inspection within 7 days of the sale");
    expect(text).toContain("I received a copy of this notice.");
  });

  it("is in Spanish too", async () => {
    const { text } = read(await renderRightsNotice({ ...vehicle, mileage: 130_000, warrantyType: "implied" }, "es", 0));
    expect(text).toContain("SUS DERECHOS AL COMPRAR UN VEHÍCULO USADO EN MASSACHUSETTS");
    expect(text).toContain("Con 125,000 millas o más");
  });
});
