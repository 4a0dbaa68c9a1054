import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { businessProfile } from "~/shared/config/business-profile";
import { vehicleName } from "~/shared/lib/vehicle-name";
import type { Vehicle } from "~/shared/types/vehicle";
import { buyersGuideTerms } from "./buyers-guide-terms";
import { BUYERS_GUIDE_TEXT, type BuyersGuideLanguage, type RichText } from "./buyers-guide-text";

export const PAGE = { width: 612, height: 792 }; // US Letter, like the FTC form (at least 11 × 7¼ inches)
export const MARGIN = 40;
export const WIDTH = PAGE.width - 2 * MARGIN;
/** The rule asks for the form in black ink (decision 091): every mark on the page is this colour. */
const BLACK = rgb(0, 0, 0);

/** Type sizes (points) after the figures' proportions: a title far larger than the rest, body text no smaller than 10. */
const SIZE = { title: 36, box: 14, heading: 12, body: 10, label: 8, value: 12 } as const;

export type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };

type Word = { text: string; font: PDFFont };

/** The words of a paragraph, each with its font (rich text's italic runs in the italic font). */
function wordsOf(text: string | RichText, font: PDFFont, italic: PDFFont): Word[] {
  const parts = typeof text === "string" ? [text] : text;
  const words: Word[] = [];
  for (const part of parts) {
    const [content, partFont] = typeof part === "string" ? [part, font] : [part.italic, italic];
    // A run that starts mid-word (no space before it) continues the previous word.
    const tokens = content.split(/(\s+)/);
    for (const token of tokens) {
      if (token === "") continue;
      if (/^\s+$/.test(token)) {
        words.push({ text: " ", font: partFont });
        continue;
      }
      words.push({ text: token, font: partFont });
    }
  }
  return words;
}

/** Lines of words that fit `width` at `size` (words never split; the fonts are WinAnsi). */
function wrapWords(words: Word[], size: number, width: number): Word[][] {
  const lines: Word[][] = [];
  let line: Word[] = [];
  let lineWidth = 0;
  for (const word of words) {
    const w = word.font.widthOfTextAtSize(word.text, size);
    if (word.text === " ") {
      if (line.length) {
        line.push(word);
        lineWidth += w;
      }
      continue;
    }
    if (line.length && lineWidth + w > width) {
      while (line.at(-1)?.text === " ") line.pop();
      lines.push(line);
      line = [];
      lineWidth = 0;
    }
    line.push(word);
    lineWidth += w;
  }
  while (line.at(-1)?.text === " ") line.pop();
  if (line.length) lines.push(line);
  return lines;
}

/** Writes top-down on one page; `y` is the next baseline's top. */
export class Side {
  y = PAGE.height - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  paragraph(
    text: string | RichText,
    options: { x?: number; width?: number; size?: number; bold?: boolean; gap?: number; indent?: number } = {},
  ) {
    const { x = MARGIN, width = WIDTH, size = SIZE.body, bold = false, gap = 4, indent = 0 } = options;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const [n, line] of wrapWords(wordsOf(text, font, this.fonts.italic), size, width - indent).entries()) {
      this.y -= size * 1.22;
      // A wrapped line of a list item hangs under its first line's text.
      let cursor = x + (n > 0 ? indent : 0);
      for (const word of line) {
        this.page.drawText(word.text, { x: cursor, y: this.y, size, font: word.font, color: BLACK });
        cursor += word.font.widthOfTextAtSize(word.text, size);
      }
    }
    this.y -= gap;
  }

  /**
   * A square check box at (x, top), marked with an "X" when checked. The mark is a glyph, not two
   * lines, so the printed guide reads back as "X IMPLIED WARRANTIES ONLY" (pdftotext, screen readers).
   */
  checkbox(x: number, top: number, checked: boolean, size = 11) {
    this.page.drawRectangle({ x, y: top - size, width: size, height: size, borderColor: BLACK, borderWidth: 1 });
    if (checked) {
      const glyph = size * 0.95;
      const width = this.fonts.bold.widthOfTextAtSize("X", glyph);
      this.page.drawText("X", { x: x + (size - width) / 2, y: top - size + size * 0.16, size: glyph, font: this.fonts.bold, color: BLACK });
    }
  }

  /** A heading with a check box before it, then its text, all inside a bordered box. */
  box(checked: boolean, heading: string, body: (side: Side, x: number, width: number) => void, size: number = SIZE.box) {
    const top = this.y;
    this.y -= 6;
    this.checkbox(MARGIN + 8, this.y - 2, checked, 15);
    this.paragraph(heading, { x: MARGIN + 32, width: WIDTH - 42, size, bold: true, gap: 2 });
    body(this, MARGIN + 32, WIDTH - 42);
    this.y -= 4;
    this.page.drawRectangle({ x: MARGIN, y: this.y, width: WIDTH, height: top - this.y, borderColor: BLACK, borderWidth: 1.5 });
    this.y -= 8;
  }

  /** Labelled cells in one row: label small on top, value below. */
  cells(cells: { label: string; value: string; width: number }[]) {
    const top = this.y;
    let x = MARGIN;
    for (const cell of cells) {
      this.page.drawRectangle({ x, y: top - 36, width: cell.width, height: 36, borderColor: BLACK, borderWidth: 1 });
      this.page.drawText(cell.label, { x: x + 4, y: top - 10, size: SIZE.label, font: this.fonts.bold, color: BLACK });
      this.page.drawText(cell.value, { x: x + 4, y: top - 29, size: SIZE.value, font: this.fonts.regular, color: BLACK });
      x += cell.width;
    }
    this.y = top - 42;
  }

  /** A signature line: a rule with its label under it. */
  line(x: number, width: number, label: string) {
    this.page.drawLine({ start: { x, y: this.y }, end: { x: x + width, y: this.y }, thickness: 0.8, color: BLACK });
    this.page.drawText(label, { x, y: this.y - 10, size: SIZE.label, font: this.fonts.bold, color: BLACK });
  }
}

export type BuyersGuideVehicle = Pick<
  Vehicle,
  "year" | "make" | "model" | "vin" | "stockNumber" | "price" | "mileage" | "warrantyType" | "warrantyTerms" | "manufacturerWarrantyApplies"
>;

/** What the guide prints from the owner's settings (decision 091). */
export type BuyersGuideOptions = {
  /** The documentation fee the vehicle is offered with: §7N¼'s price test includes it. */
  docFee: number;
  /** The person or department named under "FOR COMPLAINTS AFTER SALE, CONTACT:". */
  complaintsContact: string;
  /** Print the rule's optional signature line (16 CFR 455.2(f), 455.5(d)). */
  signatureLine: boolean;
};

export async function embedGuideFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
}

/**
 * The FTC Buyers Guide (Used Car Rule, 16 CFR 455) for one vehicle, front and back on one page each,
 * in English or Spanish, in black only, after the figures' layout (decision 091): the vehicle, the box
 * the law allows and the dealer warranty's terms from the one source of warranty terms, the standard
 * statements, the major defects one per line under their systems, the dealer and the person or
 * department to contact for complaints, and (optional) the buyer's signature line.
 */
export async function renderBuyersGuide(
  vehicle: BuyersGuideVehicle,
  language: BuyersGuideLanguage,
  options: BuyersGuideOptions,
  region: string = businessProfile.address.region,
): Promise<Uint8Array> {
  const t = BUYERS_GUIDE_TEXT[language];
  const terms = buyersGuideTerms(vehicle, options.docFee, language, region);
  const doc = await PDFDocument.create();
  // The document's title names the vehicle as its language does; the guide's own MAKE, MODEL and YEAR
  // boxes stay apart below, as the FTC's form (16 CFR 455) lays them out.
  doc.setTitle(
    `${t.title}: ${vehicleName({ year: vehicle.year, make: vehicle.make, model: vehicle.model }, language === "es" ? "es" : "en")} ${vehicle.vin}`,
  );
  doc.setAuthor(businessProfile.name);
  doc.setLanguage(language === "es" ? "es-US" : "en-US");
  const fonts = await embedGuideFonts(doc);

  // Front
  const front = new Side(doc.addPage([PAGE.width, PAGE.height]), fonts);
  const titleWidth = fonts.bold.widthOfTextAtSize(t.title, SIZE.title);
  front.y -= SIZE.title - 4;
  front.page.drawText(t.title, { x: (PAGE.width - titleWidth) / 2, y: front.y, size: SIZE.title, font: fonts.bold, color: BLACK });
  front.y -= 10;
  front.paragraph(t.important, { size: SIZE.body, bold: true, gap: 8 });
  front.cells([
    { label: t.make, value: vehicle.make, width: 130 },
    { label: t.model, value: vehicle.model, width: 130 },
    { label: t.year, value: String(vehicle.year), width: 62 },
    { label: t.vin, value: vehicle.vin, width: WIDTH - 322 },
  ]);
  front.cells([{ label: t.stock, value: vehicle.stockNumber ?? "", width: WIDTH }]);
  front.paragraph(t.warranties, { size: SIZE.heading, bold: true, gap: 6 });

  if (terms.version === "as_is") {
    front.box(terms.box === "as_is", t.asIs.heading, (s, x, width) => s.paragraph(t.asIs.text, { x, width, bold: true }));
  } else {
    front.box(terms.box === "implied", t.implied.heading, (s, x, width) => s.paragraph(t.implied.text, { x, width }));
  }

  front.box(terms.box === "dealer", t.dealer.heading, (s, x, width) => {
    const dealer = terms.dealer;
    const top = s.y;
    s.checkbox(x, top - 2, false);
    s.page.drawText(t.dealer.full, { x: x + 15, y: top - 11, size: SIZE.body, font: fonts.bold, color: BLACK });
    const limitedX = x + 160;
    s.checkbox(limitedX, top - 2, dealer !== null);
    s.page.drawText(t.dealer.limited, { x: limitedX + 15, y: top - 11, size: SIZE.body, font: fonts.bold, color: BLACK });
    s.y = top - 15;
    const pays = t.dealer.pays(dealer ? String(dealer.laborPercent) : "____", dealer ? String(dealer.partsPercent) : "____");
    s.paragraph(`${pays} ${t.dealer.askCopy}`, { x, width });
    const half = (width - 10) / 2;
    const rowTop = s.y;
    s.paragraph(t.dealer.systems, { x, width: half, size: SIZE.label + 1, bold: true, gap: 1 });
    s.paragraph(dealer?.systems ?? "", { x, width: half });
    const leftBottom = s.y;
    s.y = rowTop;
    s.paragraph(t.dealer.duration, { x: x + half + 10, width: half, size: SIZE.label + 1, bold: true, gap: 1 });
    s.paragraph(dealer?.duration ?? "", { x: x + half + 10, width: half });
    s.y = Math.min(leftBottom, s.y, rowTop - 40);
  });

  front.paragraph(t.nonDealer, { size: SIZE.heading, bold: true, gap: 4 });
  for (const [line, checked] of [
    [t.manufacturerStill, vehicle.manufacturerWarrantyApplies],
    [t.manufacturerUsed, false],
    [t.otherUsed, false],
  ] as const) {
    front.checkbox(MARGIN + 8, front.y - 2, checked);
    front.paragraph(line, { x: MARGIN + 26, width: WIDTH - 26, gap: 2 });
  }
  front.paragraph(t.askDocument, { x: MARGIN + 26, width: WIDTH - 26, gap: 8 });
  front.box(false, t.serviceContract.heading, (s, x, width) => s.paragraph(t.serviceContract.text, { x, width }), SIZE.heading);
  front.paragraph(t.inspect, { size: SIZE.body, bold: true, gap: 6 });
  front.paragraph(t.history.heading, { size: SIZE.body, bold: true, gap: 1 });
  front.paragraph(t.history.text, { gap: 6 });
  front.paragraph(t.seeOtherSide, { bold: true, gap: 6 });
  if (t.spanishNote) front.paragraph(t.spanishNote, { gap: 0 });

  // Back: the list of major defects in three columns, each defect on its own line under its system.
  const back = new Side(doc.addPage([PAGE.width, PAGE.height]), fonts);
  back.paragraph(t.back.defectsIntro, { size: SIZE.heading, bold: true, gap: 8 });
  const gutter = 12;
  const columnWidth = (WIDTH - 2 * gutter) / 3;
  const start = back.y;
  const columns = splitIntoColumns(t.back.defects, 3);
  let bottom = start;
  for (const [column, list] of columns.entries()) {
    back.y = start;
    const x = MARGIN + column * (columnWidth + gutter);
    for (const [system, defects] of list) {
      back.paragraph(system, { x, width: columnWidth, size: SIZE.body, bold: true, gap: defects.length ? 1 : 6 });
      for (const [i, defect] of defects.entries()) {
        back.paragraph(defect, {
          x: x + 6,
          width: columnWidth - 6,
          size: SIZE.body - 0.5,
          gap: i === defects.length - 1 ? 6 : 0.5,
          indent: 6,
        });
      }
    }
    bottom = Math.min(bottom, back.y);
  }
  back.y = bottom - 4;
  back.page.drawLine({ start: { x: MARGIN, y: back.y }, end: { x: PAGE.width - MARGIN, y: back.y }, thickness: 1, color: BLACK });
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
  back.paragraph(t.back.complaints, { size: SIZE.body, bold: true, gap: 2 });
  // The rule asks for the person (or position) to contact and their telephone number.
  back.paragraph(`${options.complaintsContact}, ${businessProfile.phone}, ${businessProfile.email}`, { size: SIZE.value, gap: 10 });
  if (options.signatureLine) {
    back.paragraph(t.signature.acknowledgement, { bold: true, gap: 26 });
    back.line(MARGIN, 330, t.signature.signature);
    back.line(MARGIN + 360, WIDTH - 360, t.signature.date);
    back.y -= 24;
  }
  back.paragraph(t.back.important, { bold: true, gap: 0 });

  return doc.save();
}

/** Splits the systems into `n` columns of about equal lines (a system never splits across columns). */
function splitIntoColumns(defects: [string, string[]][], n: number): [string, string[]][][] {
  const weight = (d: [string, string[]]) => 1.6 + d[1].reduce((sum, line) => sum + Math.ceil(line.length / 34), 0);
  const total = defects.reduce((sum, d) => sum + weight(d), 0);
  const columns: [string, string[]][][] = [[]];
  let filled = 0;
  for (const d of defects) {
    const current = columns.at(-1)!;
    if (current.length && filled + weight(d) / 2 > (total / n) * columns.length && columns.length < n) columns.push([]);
    columns.at(-1)!.push(d);
    filled += weight(d);
  }
  return columns;
}
