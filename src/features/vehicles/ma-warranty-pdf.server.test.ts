import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMaWarranty, type MaWarrantyVehicle } from "./ma-warranty-pdf.server";

const vehicle: MaWarrantyVehicle = {
  year: 2019,
  make: "Honda",
  model: "CR-V",
  vin: "2HKRW2H85KH600001",
  stockNumber: "A1234",
  price: 12_695,
  mileage: 51_240,
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
    const { text, pages } = read((await renderMaWarranty({ ...vehicle, mileage }, "en"))!);
    expect(pages).toBe(1);
    for (const words of [
      "MASSACHUSETTS USED VEHICLE WARRANTY",
      "M.G.L. c. 90, §7N¼",
      `under warranty for ${term} after the date of sale, whichever comes first`,
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
    ]) {
      expect(text).toContain(words);
    }
  });

  it("is in Spanish for a sale in Spanish", async () => {
    const { text, pages } = read((await renderMaWarranty(vehicle, "es"))!);
    expect(pages).toBe(1);
    expect(text).toContain("GARANTÍA DE VEHÍCULO USADO DE MASSACHUSETTS");
    expect(text).toContain("60 días o 2,500 millas");
    expect(text).toContain("LEY LEMON AID, M.G.L. c. 90, §7N");
    expect(text).not.toContain("WARRANTY");
  });

  it("is not issued where the statute requires no warranty: 125,000 miles, or a $650 car", async () => {
    expect(await renderMaWarranty({ ...vehicle, mileage: 125_000 }, "en")).toBeNull();
    expect(await renderMaWarranty({ ...vehicle, price: 650 }, "en")).toBeNull();
  });
});
