import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { businessProfile } from "~/shared/config/business-profile";
import type { Vehicle } from "~/shared/types/vehicle";
import { buyersGuideTerms } from "./buyers-guide-terms";
import { BUYERS_GUIDE_TEXT, type BuyersGuideLanguage } from "./buyers-guide-text";

export const PAGE = { width: 612, height: 792 }; // US Letter, like the FTC form
export const MARGIN = 40;
export const WIDTH = PAGE.width - 2 * MARGIN;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);

export type Fonts = { regular: PDFFont; bold: PDFFont };

/** Lines of `text` that fit `width` at `size` (words never split; the fonts are WinAnsi). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes top-down on one page; `y` is the next baseline's top. */
export class Side {
  y = PAGE.height - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  paragraph(text: string, options: { x?: number; width?: number; size?: number; bold?: boolean; gap?: number; color?: typeof BLACK } = {}) {
    const { x = MARGIN, width = WIDTH, size = 9, bold = false, gap = 4, color = BLACK } = options;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrap(text, font, size, width)) {
      this.y -= size * 1.25;
      this.page.drawText(line, { x, y: this.y, size, font, color });
    }
    this.y -= gap;
  }

  /**
   * A square check box at (x, top), marked with an "X" when checked. The mark is a glyph, not two
   * lines, so the printed guide reads back as "X IMPLIED WARRANTIES ONLY" (pdftotext, screen readers).
   */
  checkbox(x: number, top: number, checked: boolean, size = 10) {
    this.page.drawRectangle({ x, y: top - size, width: size, height: size, borderColor: BLACK, borderWidth: 1 });
    if (checked) {
      const glyph = size * 0.95;
      const width = this.fonts.bold.widthOfTextAtSize("X", glyph);
      this.page.drawText("X", { x: x + (size - width) / 2, y: top - size + size * 0.16, size: glyph, font: this.fonts.bold });
    }
  }

  /** A heading with a check box before it, then its text, all inside a bordered box. */
  box(checked: boolean, heading: string, body: (side: Side, x: number, width: number) => void, size = 13) {
    const top = this.y;
    this.y -= 6;
    this.checkbox(MARGIN + 8, this.y - 2, checked, 14);
    this.paragraph(heading, { x: MARGIN + 30, width: WIDTH - 40, size, bold: true, gap: 2 });
    body(this, MARGIN + 30, WIDTH - 40);
    this.y -= 4;
    this.page.drawRectangle({ x: MARGIN, y: this.y, width: WIDTH, height: top - this.y, borderColor: BLACK, borderWidth: 1.5 });
    this.y -= 8;
  }

  /** Labelled cells in one row: label small on top, value below. */
  cells(cells: { label: string; value: string; width: number }[]) {
    const top = this.y;
    let x = MARGIN;
    for (const cell of cells) {
      this.page.drawRectangle({ x, y: top - 34, width: cell.width, height: 34, borderColor: BLACK, borderWidth: 1 });
      this.page.drawText(cell.label, { x: x + 4, y: top - 10, size: 7, font: this.fonts.bold });
      this.page.drawText(cell.value, { x: x + 4, y: top - 27, size: 12, font: this.fonts.regular });
      x += cell.width;
    }
    this.y = top - 40;
  }
}

export type BuyersGuideVehicle = Pick<
  Vehicle,
  | "year"
  | "make"
  | "model"
  | "vin"
  | "stockNumber"
  | "price"
  | "mileage"
  | "warrantyType"
  | "warrantySystems"
  | "warrantyDuration"
  | "manufacturerWarrantyApplies"
>;

/**
 * The FTC Buyers Guide (Used Car Rule, 16 CFR 455) for one vehicle, front and back on one
 * page each, in English or Spanish: vehicle, the warranty box its warranty type checks (a
 * dealer warranty pre-filled with the Massachusetts statutory terms), the standard statements,
 * the major defects list and the dealer's contact for complaints.
 */
export async function renderBuyersGuide(
  vehicle: BuyersGuideVehicle,
  language: BuyersGuideLanguage,
  region: string = businessProfile.address.region,
): Promise<Uint8Array> {
  const t = BUYERS_GUIDE_TEXT[language];
  const terms = buyersGuideTerms(vehicle, language, region);
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title}: ${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.vin}`);
  doc.setAuthor(businessProfile.name);
  doc.setLanguage(language === "es" ? "es-US" : "en-US");
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };

  // Front
  const front = new Side(doc.addPage([PAGE.width, PAGE.height]), fonts);
  const titleWidth = fonts.bold.widthOfTextAtSize(t.title, 30);
  front.y -= 30;
  front.page.drawText(t.title, { x: (PAGE.width - titleWidth) / 2, y: front.y, size: 30, font: fonts.bold });
  front.y -= 8;
  front.paragraph(t.important, { size: 9, bold: true, gap: 8 });
  front.cells([
    { label: t.make, value: vehicle.make, width: 130 },
    { label: t.model, value: vehicle.model, width: 130 },
    { label: t.year, value: String(vehicle.year), width: 62 },
    { label: t.vin, value: vehicle.vin, width: WIDTH - 322 },
  ]);
  front.cells([{ label: t.stock, value: vehicle.stockNumber ?? "", width: WIDTH }]);
  front.paragraph(t.warranties, { size: 11, bold: true, gap: 6 });

  if (terms.version === "as_is") {
    front.box(terms.box === "as_is", t.asIs.heading, (s, x, width) => s.paragraph(t.asIs.text, { x, width, size: 9, bold: true }));
  } else {
    front.box(terms.box === "implied", t.implied.heading, (s, x, width) => s.paragraph(t.implied.text, { x, width, size: 8.5 }));
  }

  front.box(terms.box === "dealer", t.dealer.heading, (s, x, width) => {
    const dealer = terms.dealer;
    const top = s.y;
    s.checkbox(x, top - 2, false);
    s.page.drawText(t.dealer.full, { x: x + 14, y: top - 10, size: 9, font: fonts.bold });
    const limitedX = x + 150;
    s.checkbox(limitedX, top - 2, dealer !== null);
    s.page.drawText(t.dealer.limited, { x: limitedX + 14, y: top - 10, size: 9, font: fonts.bold });
    s.y = top - 14;
    const pays = t.dealer.pays(dealer ? String(dealer.laborPercent) : "____", dealer ? String(dealer.partsPercent) : "____");
    s.paragraph(`${pays} ${t.dealer.askCopy}`, { x, width, size: 8.5 });
    const half = (width - 10) / 2;
    const rowTop = s.y;
    s.paragraph(t.dealer.systems, { x, width: half, size: 8, bold: true, gap: 1 });
    s.paragraph(dealer?.systems ?? "", { x, width: half, size: 9 });
    const leftBottom = s.y;
    s.y = rowTop;
    s.paragraph(t.dealer.duration, { x: x + half + 10, width: half, size: 8, bold: true, gap: 1 });
    s.paragraph(dealer?.duration ?? "", { x: x + half + 10, width: half, size: 9 });
    s.y = Math.min(leftBottom, s.y, rowTop - 50);
  });

  front.paragraph(t.nonDealer, { size: 11, bold: true, gap: 4 });
  for (const [line, checked] of [
    [t.manufacturerStill, vehicle.manufacturerWarrantyApplies],
    [t.manufacturerUsed, false],
    [t.otherUsed, false],
  ] as const) {
    front.checkbox(MARGIN + 8, front.y - 2, checked);
    front.paragraph(line, { x: MARGIN + 24, width: WIDTH - 24, size: 8.5, gap: 2 });
  }
  front.paragraph(t.askDocument, { x: MARGIN + 24, width: WIDTH - 24, size: 8.5, gap: 8 });
  front.box(false, t.serviceContract.heading, (s, x, width) => s.paragraph(t.serviceContract.text, { x, width, size: 8.5 }), 10);
  front.paragraph(t.inspect, { size: 9, bold: true, gap: 6 });
  front.paragraph(t.history.heading, { size: 9, bold: true, gap: 1 });
  front.paragraph(t.history.text, { size: 8.5, gap: 6 });
  front.paragraph(t.seeOtherSide, { size: 8.5, bold: true, gap: 6 });
  if (t.spanishNote) front.paragraph(t.spanishNote, { size: 8.5, gap: 0 });

  // Back
  const back = new Side(doc.addPage([PAGE.width, PAGE.height]), fonts);
  back.paragraph(t.back.defectsIntro, { size: 11, bold: true, gap: 8 });
  const columnWidth = (WIDTH - 20) / 2;
  const start = back.y;
  const middle = Math.ceil(t.back.defects.length / 2);
  let bottom = start;
  for (const [column, list] of [t.back.defects.slice(0, middle), t.back.defects.slice(middle)].entries()) {
    back.y = start;
    const x = MARGIN + column * (columnWidth + 20);
    for (const [system, defects] of list) {
      back.paragraph(system, { x, width: columnWidth, size: 9, bold: true, gap: defects ? 1 : 6 });
      if (defects) back.paragraph(defects, { x, width: columnWidth, size: 8, gap: 6, color: GREY });
    }
    bottom = Math.min(bottom, back.y);
  }
  back.y = bottom - 6;
  back.page.drawLine({ start: { x: MARGIN, y: back.y }, end: { x: PAGE.width - MARGIN, y: back.y }, thickness: 1 });
  back.y -= 6;
  const { address } = businessProfile;
  back.cells([{ label: t.back.dealerName, value: businessProfile.name, width: WIDTH }]);
  back.cells([
    { label: t.back.address, value: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`, width: WIDTH },
  ]);
  back.cells([
    { label: t.back.telephone, value: businessProfile.phone, width: WIDTH / 2 },
    { label: t.back.email, value: businessProfile.email, width: WIDTH / 2 },
  ]);
  back.paragraph(t.back.complaints, { size: 9, bold: true, gap: 2 });
  back.paragraph(`${businessProfile.name}, ${businessProfile.phone}, ${businessProfile.email}`, { size: 9, gap: 10 });
  back.paragraph(t.back.important, { size: 9, bold: true, gap: 0 });

  return doc.save();
}
