import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { AppContext } from "~/server/context.server";
import { pdfSafe } from "~/server/pdf/pdf-safe.server";
import { businessProfile } from "~/shared/config/business-profile";
import { dealDocumentsMessagesFor } from "~/shared/i18n/deal-documents-messages";
import { dealSheetMessagesFor } from "~/shared/i18n/deal-sheet-messages";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { asLocale, LANGUAGE_TAGS, type Locale } from "~/shared/i18n/locales";
import { formatLongDate, formatNumber } from "~/shared/lib/format";
import { estimateBreakdown, noPaymentSentence, paymentDetails, paymentSentence } from "~/shared/lib/estimate-breakdown";
import { formatCents } from "~/shared/lib/money-text";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { findDealSheet, type DealSheetView } from "./deal-sheet.server";
import { dealWarrantyLines } from "./deal-warranty-lines.server";

const PAGE = { width: 612, height: 792 }; // US Letter in points
const MARGIN = 50;
const BRAND = rgb(0.725, 0.11, 0.11); // #b91c1c
const TEXT = rgb(0.07, 0.09, 0.15);
const MUTED = rgb(0.3, 0.32, 0.36);

export type DealSheetPdfResult =
  | { kind: "pdf"; bytes: Uint8Array; locale: Locale }
  | { kind: "replaced"; locale: Locale }
  | { kind: "link-expired"; locale: Locale }
  | { kind: "not-found" };

/** GET /deal/{token}/sheet.pdf: the sheet's page as one PDF page, in the shopper's language, from the frozen numbers. */
export async function dealSheetPdf(ctx: AppContext, token: string, now = new Date()): Promise<DealSheetPdfResult> {
  const sheet = await findDealSheet(ctx, token, now);
  if (!sheet) return { kind: "not-found" };
  if (sheet.kind === "replaced" || sheet.kind === "link-expired") return { kind: sheet.kind, locale: asLocale(sheet.locale) };
  return { kind: "pdf", bytes: await renderDealSheetPdf(sheet), locale: asLocale(sheet.locale) };
}

/** Renders one sheet on one page: the dealer, the vehicle, the breakdown, the payment and its terms, the warranty, the validity. */
export async function renderDealSheetPdf(sheet: Extract<DealSheetView, { kind: "sheet" }>): Promise<Uint8Array> {
  const locale: Locale = asLocale(sheet.locale);
  const m = dealSheetMessagesFor(locale);
  const d = dealDocumentsMessagesFor(locale);
  const est = estimateMessagesFor(locale);
  const doc = await PDFDocument.create();
  const vehicle = vehicleName(sheet.vehicle, locale);
  doc.setTitle(pdfSafe(`${d.pdf.title}: ${vehicle}`));
  doc.setAuthor(pdfSafe(businessProfile.name));
  doc.setCreator(pdfSafe(businessProfile.name));
  doc.setLanguage(LANGUAGE_TAGS[locale]);
  doc.setCreationDate(new Date(sheet.createdAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const w = new Writer(page, regular, bold);
  const p = businessProfile;
  const money = (n: number) => formatCents(n, locale);
  const date = (iso: string) => formatLongDate(iso, locale);

  w.text(p.name, { font: bold, size: 17, color: BRAND });
  w.text(`${p.address.street}, ${p.address.city}, ${p.address.region} ${p.address.postalCode}`, { size: 9.5, color: MUTED });
  w.text(`${p.phone}  |  ${p.email}  |  ${p.domain}`, { size: 9.5, color: MUTED });
  w.rule();
  w.text(`${d.pdf.title} - ${m.sheet.version(sheet.version)}`, { font: bold, size: 15 });
  w.text(`${m.sheet.preparedFor(sheet.shopperName)}. ${m.sheet.sent(date(sheet.createdAt.slice(0, 10)))}`, { size: 10, color: MUTED });
  w.text(sheet.expired ? m.sheet.expired(date(sheet.validUntil)) : m.sheet.validUntil(date(sheet.validUntil)), { font: bold, size: 10.5 });
  if (sheet.replacedButHeld && !sheet.expired) w.text(m.sheet.heldNotice(date(sheet.validUntil)), { size: 10 });

  w.heading(m.sheet.vehicleHeading);
  w.text(vehicle, { font: bold, size: 11 });
  w.text(
    [
      ...(sheet.vehicle.stockNumber ? [`${m.sheet.stock} ${sheet.vehicle.stockNumber}`] : []),
      `${m.sheet.vin} ${sheet.vehicle.vin}`,
      `${m.sheet.mileage}: ${m.sheet.mileageValue(formatNumber(sheet.vehicle.mileage, locale))}`,
    ].join("  |  "),
    { size: 10 },
  );

  w.heading(est.breakdown);
  for (const line of estimateBreakdown(sheet.estimate, sheet.input, sheet.salesTaxRate, locale)) {
    w.amountRow(line.label, money(line.amount), line.total ?? false);
  }
  const payment = paymentSentence(sheet.estimate, sheet.input, locale);
  w.gap(4);
  if (payment) {
    w.text(payment, { font: bold, size: 11 });
    for (const detail of paymentDetails(sheet.estimate, locale)) w.text(detail, { size: 10 });
    if (sheet.estimate.ratesSource === "demo") w.text(est.demoRates, { size: 10 });
  } else {
    w.text(noPaymentSentence(sheet.estimate, locale), { size: 10.5 });
  }
  w.text(`${m.sheet.creditBand}: ${est.bands[sheet.input.creditBand]}`, { size: 10, color: MUTED });

  w.gap(4);
  if (!sheet.expired) w.text(m.sheet.commitment(date(sheet.validUntil)), { size: 9.5 });
  w.text(m.sheet.notCommitted, { size: 9.5 });

  w.heading(m.sheet.warrantyHeading);
  for (const line of dealWarrantyLines(sheet.warranty, locale)) w.text(line, { size: 9.5 });

  w.gap(6);
  w.text([est.disclosure, ...(sheet.estimate.apr !== null ? [est.aprDisclosure] : [])].join(" "), { size: 8.5, color: MUTED });
  w.heading(m.sheet.contactHeading);
  w.text(`${p.name}  |  ${p.phone}  |  ${p.email}`, { size: 10 });

  const footer = pdfSafe(d.pdf.page);
  page.drawText(footer, {
    x: (PAGE.width - regular.widthOfTextAtSize(footer, 8)) / 2,
    y: MARGIN / 2,
    size: 8,
    font: regular,
    color: MUTED,
  });
  return doc.save({ useObjectStreams: true });
}

/** A top-down writer for one page: the sheet is short enough to fit, so it never turns the page. */
class Writer {
  y = PAGE.height - MARGIN;
  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  gap(points: number) {
    this.y -= points;
  }

  text(value: string, { font = this.regular, size = 11, color = TEXT } = {}) {
    for (const line of wrap(pdfSafe(value), font, size, PAGE.width - 2 * MARGIN)) {
      this.y -= size * 1.2;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
      this.y -= size * 0.2;
    }
  }

  heading(value: string) {
    this.y -= 8;
    this.text(value, { font: this.bold, size: 12, color: BRAND });
    this.y -= 1;
  }

  rule() {
    this.y -= 5;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 1, color: BRAND });
    this.y -= 6;
  }

  /** A breakdown line: the label left, the amount right-aligned; totals in bold over a thin line. */
  amountRow(label: string, amount: string, total: boolean) {
    const size = 10.5;
    const font = total ? this.bold : this.regular;
    if (total) {
      this.y -= 2;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 0.5, color: MUTED });
    }
    this.y -= size * 1.3;
    const text = pdfSafe(amount);
    this.page.drawText(pdfSafe(label), { x: MARGIN, y: this.y, size, font, color: TEXT });
    this.page.drawText(text, { x: PAGE.width - MARGIN - font.widthOfTextAtSize(text, size), y: this.y, size, font, color: TEXT });
    this.y -= size * 0.25;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}
