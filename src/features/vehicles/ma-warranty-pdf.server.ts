import { PDFDocument, rgb } from "pdf-lib";
import { businessProfile } from "~/shared/config/business-profile";
import { advertisedPrice } from "~/shared/lib/deal-estimate";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { describeDuration, describeSystems, warrantyTermsFor, type WarrantyTerms } from "~/shared/lib/warranty-terms";
import { vehicleName } from "~/shared/lib/vehicle-name";
import type { Vehicle } from "~/shared/types/vehicle";
import { embedGuideFonts, MARGIN, PAGE, Side, WIDTH } from "./buyers-guide-pdf.server";
import type { BuyersGuideLanguage } from "./buyers-guide-text";
import { MA_WARRANTY_TEXT, type MaWarrantyText } from "./ma-warranty-text";

export type MaWarrantyVehicle = Pick<
  Vehicle,
  "year" | "make" | "model" | "vin" | "stockNumber" | "price" | "mileage" | "warrantyType" | "warrantyTerms"
>;

const BLACK = rgb(0, 0, 0);

/** The warranty terms the documents print for a vehicle, its price with the documentation fee (decision 091). */
export const vehicleWarrantyTerms = (vehicle: MaWarrantyVehicle, docFee: number): WarrantyTerms =>
  warrantyTermsFor({ ...vehicle, salePrice: advertisedPrice(vehicle.price, { docFee }) });

/** A new one-page document with the vehicle's and the dealer's cells, and blank cells for the sale. */
async function start(
  vehicle: MaWarrantyVehicle,
  docFee: number,
  t: MaWarrantyText,
  title: string,
  subtitle: string,
  language: BuyersGuideLanguage,
) {
  const locale = language === "es" ? "es" : "en";
  // One cell for the vehicle (the statute prescribes the terms, not a form): named as the document's language writes it.
  const name = vehicleName({ year: vehicle.year, make: vehicle.make, model: vehicle.model }, locale);
  const doc = await PDFDocument.create();
  doc.setTitle(`${title}: ${name} ${vehicle.vin}`);
  doc.setAuthor(businessProfile.name);
  doc.setLanguage(language === "es" ? "es-US" : "en-US");
  const side = new Side(doc.addPage([PAGE.width, PAGE.height]), await embedGuideFonts(doc));
  side.paragraph(title, { size: 16, bold: true, gap: 2 });
  side.paragraph(subtitle, { size: 9, gap: 8 });
  side.cells([
    { label: t.vehicle, value: name, width: 170 },
    { label: "VIN", value: vehicle.vin, width: 160 },
    { label: t.odometer, value: formatNumber(vehicle.mileage), width: 92 },
    { label: t.price, value: formatPrice(advertisedPrice(vehicle.price, { docFee }), locale), width: WIDTH - 422 },
  ]);
  const { address } = businessProfile;
  side.cells([
    {
      label: t.dealer,
      value: `${businessProfile.name}, ${address.street}, ${address.city}, ${address.region} ${address.postalCode}, ${businessProfile.phone}`,
      width: WIDTH,
    },
  ]);
  // Filled in at the sale: the buyer, the date the warranty runs from, the odometer it is counted from.
  side.cells([
    { label: t.buyer, value: "", width: 240 },
    { label: t.saleDate, value: "", width: 120 },
    { label: t.odometerAtSale, value: "", width: WIDTH - 360 },
  ]);
  return { doc, side };
}

function signatures(side: Side, t: MaWarrantyText, labels: string[]) {
  for (const label of labels) {
    side.line(MARGIN, 330, label);
    side.line(MARGIN + 360, WIDTH - 360, t.date);
    side.y -= 34;
  }
}

function lemonAidBox(side: Side, t: MaWarrantyText) {
  const boxTop = side.y;
  side.y -= 4;
  side.paragraph(t.lemonAidHeading, { x: MARGIN + 8, width: WIDTH - 16, size: 10, bold: true, gap: 2 });
  for (const line of t.lemonAid) side.paragraph(line, { x: MARGIN + 8, width: WIDTH - 16, size: 9, gap: 3 });
  side.y -= 2;
  side.page.drawRectangle({ x: MARGIN, y: side.y, width: WIDTH, height: boxTop - side.y, borderColor: BLACK, borderWidth: 1.5 });
  side.y -= 10;
}

/**
 * The Massachusetts written warranty (M.G.L. c. 90 §7N¼) for one vehicle on one page, from the one
 * source of warranty terms (decision 091), as the Buyers Guide prints them: its term, what it covers
 * (the statute's coverage, and any system the dealer adds) and not, how to claim it, the refund rule,
 * the Lemon Aid notice (c. 90 §7N) and signature lines, with cells for the buyer, the date of sale and
 * the odometer at sale. Null when the statute requires no warranty for this price (with the doc fee)
 * and mileage.
 */
export async function renderMaWarranty(
  vehicle: MaWarrantyVehicle,
  language: BuyersGuideLanguage,
  docFee: number,
): Promise<Uint8Array | null> {
  const terms = vehicleWarrantyTerms(vehicle, docFee);
  if (!terms.statutory || !terms.dealer) return null;
  const t = MA_WARRANTY_TEXT[language];
  const { doc, side } = await start(vehicle, docFee, t, t.title, t.subtitle, language);
  side.paragraph(t.term(describeDuration(terms.dealer, language)), { size: 11, bold: true, gap: 8 });
  const section = (heading: string, lines: string[]) => {
    side.paragraph(heading, { size: 10, bold: true, gap: 2 });
    for (const line of lines) side.paragraph(line, { size: 9, gap: 3 });
    side.y -= 4;
  };
  const extra = { ...terms.dealer, systems: terms.dealer.systems.filter((s) => s !== "use-or-safety") };
  section(t.coveredHeading, [t.covered, ...(extra.systems.length ? [t.alsoCovered(describeSystems(extra, language))] : [])]);
  section(
    t.notCoveredHeading,
    t.notCovered.map((line) => `- ${line}`),
  );
  section(t.claimHeading, t.claim);
  section(t.refundHeading, [t.refund]);
  lemonAidBox(side, t);
  side.paragraph(t.implied, { size: 9, gap: 24 });
  signatures(side, t, [t.dealerSignature, t.buyerSignature]);
  return doc.save();
}

/**
 * The notice of a Massachusetts buyer's rights that every vehicle gets (decision 091, review M6): the
 * dealer's written warranty or why the law requires none (mileage or price), the implied warranty that
 * no dealer may exclude (c. 106 §2-316A) and the Lemon Aid right to cancel (c. 90 §7N), which hold
 * whatever the mileage or price; a line for the buyer to acknowledge it.
 */
export async function renderRightsNotice(vehicle: MaWarrantyVehicle, language: BuyersGuideLanguage, docFee: number): Promise<Uint8Array> {
  const terms = vehicleWarrantyTerms(vehicle, docFee);
  const t = MA_WARRANTY_TEXT[language];
  const n = t.notice;
  const { doc, side } = await start(vehicle, docFee, t, n.title, n.subtitle, language);
  side.paragraph(n.writtenHeading, { size: 10, bold: true, gap: 2 });
  const written = terms.dealer
    ? n.written(describeDuration(terms.dealer, language))
    : terms.noWarrantyReason === "price"
      ? n.noWrittenPrice
      : n.noWrittenMileage;
  side.paragraph(written, { size: 10, gap: 10 });
  side.paragraph(n.impliedHeading, { size: 10, bold: true, gap: 2 });
  side.paragraph(n.implied, { size: 10, gap: 10 });
  lemonAidBox(side, t);
  side.paragraph(n.received, { size: 10, gap: 26 });
  signatures(side, t, [t.buyerSignature]);
  return doc.save();
}
