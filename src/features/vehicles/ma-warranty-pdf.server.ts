import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { businessProfile } from "~/shared/config/business-profile";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { massachusettsWarranty } from "~/shared/lib/massachusetts-warranty";
import type { Vehicle } from "~/shared/types/vehicle";
import { MARGIN, PAGE, Side, WIDTH } from "./buyers-guide-pdf.server";
import type { BuyersGuideLanguage } from "./buyers-guide-text";
import { MA_WARRANTY_TEXT } from "./ma-warranty-text";

export type MaWarrantyVehicle = Pick<Vehicle, "year" | "make" | "model" | "vin" | "stockNumber" | "price" | "mileage">;

/**
 * The Massachusetts written warranty (M.G.L. c. 90 §7N¼) for one vehicle on one page: its term
 * for the vehicle's mileage, what it covers and not, how to claim it, the refund rule, the Lemon
 * Aid notice (c. 90 §7N) and signature lines (the dealer gives the buyer a signed, dated copy).
 * Null when the statute requires no warranty for this price and mileage.
 */
export async function renderMaWarranty(vehicle: MaWarrantyVehicle, language: BuyersGuideLanguage): Promise<Uint8Array | null> {
  const statutory = massachusettsWarranty(vehicle.price, vehicle.mileage);
  if (!statutory) return null;
  const t = MA_WARRANTY_TEXT[language];
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title}: ${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.vin}`);
  doc.setAuthor(businessProfile.name);
  doc.setLanguage(language === "es" ? "es-US" : "en-US");
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const side = new Side(doc.addPage([PAGE.width, PAGE.height]), fonts);
  const locale = language === "es" ? "es" : "en";

  side.paragraph(t.title, { size: 16, bold: true, gap: 2 });
  side.paragraph(t.subtitle, { size: 9, gap: 8 });
  side.cells([
    { label: t.vehicle, value: `${vehicle.year} ${vehicle.make} ${vehicle.model}`, width: 170 },
    { label: "VIN", value: vehicle.vin, width: 160 },
    { label: t.odometer, value: formatNumber(vehicle.mileage), width: 110 },
    { label: t.price, value: formatPrice(vehicle.price, locale), width: WIDTH - 440 },
  ]);
  const { address } = businessProfile;
  side.cells([
    {
      label: t.dealer,
      value: `${businessProfile.name}, ${address.street}, ${address.city}, ${address.region} ${address.postalCode}, ${businessProfile.phone}`,
      width: WIDTH,
    },
  ]);
  side.paragraph(t.term(statutory.days, formatNumber(statutory.miles)), { size: 11, bold: true, gap: 8 });
  const section = (heading: string, lines: string[]) => {
    side.paragraph(heading, { size: 10, bold: true, gap: 2 });
    for (const line of lines) side.paragraph(line, { size: 9, gap: 3 });
    side.y -= 4;
  };
  section(t.coveredHeading, [t.covered]);
  section(
    t.notCoveredHeading,
    t.notCovered.map((line) => `- ${line}`),
  );
  section(t.claimHeading, t.claim);
  section(t.refundHeading, [t.refund]);
  const boxTop = side.y;
  side.y -= 4;
  side.paragraph(t.lemonAidHeading, { x: MARGIN + 8, width: WIDTH - 16, size: 10, bold: true, gap: 2 });
  for (const line of t.lemonAid) side.paragraph(line, { x: MARGIN + 8, width: WIDTH - 16, size: 9, gap: 3 });
  side.y -= 2;
  side.page.drawRectangle({ x: MARGIN, y: side.y, width: WIDTH, height: boxTop - side.y, borderColor: rgb(0, 0, 0), borderWidth: 1.5 });
  side.y -= 10;
  side.paragraph(t.implied, { size: 9, gap: 24 });
  for (const label of [t.dealerSignature, t.buyerSignature]) {
    const y = side.y;
    side.page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 330, y }, thickness: 0.8 });
    side.page.drawLine({ start: { x: MARGIN + 360, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.8 });
    side.page.drawText(label, { x: MARGIN, y: y - 10, size: 7, font: fonts.bold });
    side.page.drawText(t.date, { x: MARGIN + 360, y: y - 10, size: 7, font: fonts.bold });
    side.y = y - 34;
  }
  return doc.save();
}
