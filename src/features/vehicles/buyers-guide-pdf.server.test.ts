import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderBuyersGuide, type BuyersGuideVehicle } from "./buyers-guide-pdf.server";

const vehicle: BuyersGuideVehicle = {
  year: 2019,
  make: "Honda",
  model: "CR-V",
  vin: "2HKRW2H85KH600001",
  stockNumber: "A1234",
  price: 12_695,
  mileage: 51_240,
  warrantyType: "dealer",
  warrantySystems: null,
  warrantyDuration: null,
};

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

describe("renderBuyersGuide", () => {
  it("renders the English guide: two pages, the vehicle, the dealer warranty with Massachusetts terms, the standard statements", async () => {
    const { text, pages } = renderAndRead(await renderBuyersGuide(vehicle, "en"));
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
      "DEALER WARRANTY",
      "LIMITED WARRANTY",
      "The dealer will pay 100% of the labor and 100% of the parts",
      "60 days or 2,500 miles, whichever comes first",
      "SERVICE CONTRACT",
      "ASK THE DEALER IF YOUR MECHANIC CAN INSPECT THE VEHICLE",
      "Guía del Comprador en español",
      "major defects",
      "FOR COMPLAINTS AFTER SALE, CONTACT",
      "Demo Motors of Fitchburg",
      "16 C.F.R. 455",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("renders the Spanish guide with its own words and the 'as is' box for an as-is vehicle", async () => {
    const { text, pages } = renderAndRead(await renderBuyersGuide({ ...vehicle, price: 650, warrantyType: "as_is" }, "es"));
    expect(pages).toHaveLength(2);
    for (const words of [
      "GUÍA DEL COMPRADOR",
      "Las promesas verbales son difíciles de hacer cumplir",
      "COMO ESTÁ - SIN GARANTÍA DEL CONCESIONARIO",
      "GARANTÍA DEL CONCESIONARIO",
      "CONTRATO DE SERVICIO",
      "PARA QUEJAS DESPUÉS DE LA VENTA",
      "2HKRW2H85KH600001",
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain("BUYERS GUIDE");
  });
});
