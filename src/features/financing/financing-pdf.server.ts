import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import sharp from "sharp";
import type { AppContext } from "~/server/context.server";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor } from "~/shared/i18n/catalogues";
import { financingPdfMessagesFor } from "~/shared/i18n/financing-pdf-messages";
import { LANGUAGE_TAGS, type Locale } from "~/shared/i18n/locales";
import { formatLongDate, formatPrice } from "~/shared/lib/format";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { pdfSafe } from "~/server/pdf/pdf-safe.server";
import { loadFinancingApplication, type DecryptedFinancingApplication, type StoredDocument } from "./financing.server";

export { pdfSafe };

const PAGE = { width: 612, height: 792 }; // US Letter in points
const MARGIN = 50;
const BRAND = rgb(0.725, 0.11, 0.11); // #b91c1c
const TEXT = rgb(0.07, 0.09, 0.15);
const MUTED = rgb(0.3, 0.32, 0.36);

export type FinancingPdfOptions = {
  /**
   * Staff see the full SSN; the shopper's own copy shows only its last four digits,
   * so a PDF left in a Downloads folder does not carry the whole number.
   */
  revealSsn?: boolean;
  /**
   * The shopper's copy is written in the language they applied in; without this flag (the
   * staff copy) the PDF is English, like the rest of the dashboard.
   */
  inApplicantsLanguage?: boolean;
};

export type FinancingPdf = { bytes: Uint8Array; firstName: string; lastName: string };

/**
 * Builds the application PDF (docs/behaviour.md §7): dealership header from the business profile,
 * submission date, applicant, employment, co-applicant, vehicle, down payment, trade-in,
 * both signatures, license images embedded and license PDFs' pages appended.
 * Null when there is no such application. Pure service: callers decide who may see it
 * (the shopper route checks its cookie; the admin feature checks its staff session).
 */
export async function buildFinancingPdf(ctx: AppContext, id: string, options: FinancingPdfOptions = {}): Promise<FinancingPdf | null> {
  const application = await loadFinancingApplication(ctx, id);
  if (!application) return null;
  const bytes = await renderFinancingPdf(application, options);
  return { bytes, firstName: application.applicant.firstName, lastName: application.applicant.lastName };
}

/** Renders an already loaded application (exported for the benchmark). */
export async function renderFinancingPdf(app: DecryptedFinancingApplication, options: FinancingPdfOptions = {}): Promise<Uint8Array> {
  const locale: Locale = options.inApplicantsLanguage ? app.locale : "en";
  const m = messagesFor(locale).financing;
  const t = financingPdfMessagesFor(locale);
  const formatSubmitted = (iso: string) => formatSubmittedIn(iso, locale);
  const birthDate = (iso: string) => formatBirthDate(iso, locale);
  const formatMoney = (n: number) => formatMoneyIn(n, locale);
  const employment = m.form.employmentOptions as Record<string, string>;
  const doc = await PDFDocument.create();
  const fullName = `${app.applicant.firstName} ${app.applicant.lastName}`;
  doc.setTitle(pdfSafe(`${t.title}: ${fullName}`));
  doc.setAuthor(pdfSafe(businessProfile.name));
  doc.setSubject(pdfSafe(`${t.applicationId} ${app.id}`));
  doc.setCreator(pdfSafe(businessProfile.name));
  doc.setCreationDate(new Date(app.createdAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new PageWriter(doc, regular, bold);

  const p = businessProfile;
  writer.text(p.name, { font: bold, size: 18, color: BRAND });
  writer.text(`${p.address.street}, ${p.address.city}, ${p.address.region} ${p.address.postalCode}`, { size: 10, color: MUTED });
  writer.text(`${p.phone}  |  ${p.email}  |  ${p.domain}`, { size: 10, color: MUTED });
  writer.rule();
  writer.text(t.title, { font: bold, size: 16 });
  writer.row(t.submitted, formatSubmitted(app.createdAt));
  writer.row(t.applicationId, app.id);
  writer.row(
    t.creditConsent.pdfLabel,
    app.creditConsent
      ? t.creditConsent.pdfValue(app.creditConsent.version, formatSubmitted(app.creditConsent.at))
      : t.creditConsent.pdfMissing,
  );

  const ssn = (value: string) => (options.revealSsn ? value : value ? `***-**-${value.slice(-4)}` : t.notProvided);
  const money = (n: number | null) => (n === null ? t.notProvided : formatMoney(n));
  const a = app.applicant;
  writer.heading(t.applicant);
  writer.row(t.name, fullName);
  writer.row(t.email, a.email);
  writer.row(t.phone, a.phone);
  writer.row(t.dateOfBirth, birthDate(a.dateOfBirth));
  writer.row(t.ssn, ssn(a.ssn));
  writer.row(t.address, `${a.address}, ${a.city}, ${a.state} ${a.zipCode}`);
  writer.heading(t.employment);
  writer.row(t.status, employment[a.employmentStatus] ?? a.employmentStatus);
  writer.row(t.employer, a.employer || t.none);
  writer.row(t.monthlyIncome, money(a.monthlyIncome));

  const co = app.coApplicant;
  if (co) {
    writer.heading(t.coApplicant);
    writer.row(t.name, `${co.firstName} ${co.lastName}`);
    writer.row(t.email, co.email);
    writer.row(t.phone, co.phone);
    writer.row(t.dateOfBirth, birthDate(co.dateOfBirth));
    writer.row(t.ssn, ssn(co.ssn));
    writer.heading(t.coEmployment);
    writer.row(t.status, employment[co.employmentStatus] ?? co.employmentStatus);
    writer.row(t.employer, co.employer || t.none);
    writer.row(t.monthlyIncome, money(co.monthlyIncome));
  }

  writer.heading(t.vehicle);
  // The vehicle whose page opened the form, as the staff mail and the ADF name it (L5); the typed text too when it says more.
  const stockName = app.stockVehicle ? vehicleName(app.stockVehicle, locale) : null;
  writer.row(t.vehicleOfInterest, stockName || app.vehicleOfInterest || t.noVehicle);
  if (stockName && app.vehicleOfInterest && app.vehicleOfInterest !== stockName) writer.row(t.vehicleAsTyped, app.vehicleOfInterest);
  writer.row(t.downPayment, money(app.downPayment));
  writer.row(t.tradeIn, app.hasTradeIn ? t.yes : t.no);
  if (app.hasTradeIn) writer.row(t.tradeInDetails, app.tradeInDetails || t.notProvided);

  // Each signature under the text that person agreed to, in the version stored with their consent (decision 097).
  const privacy = messagesFor(locale).privacy;
  writer.heading(t.signatures, 170);
  if (app.creditConsent)
    writer.text(`${t.signedText(app.creditConsent.version)} ${privacy.creditConsent.label(businessProfile.name)}`, { size: 8.5 });
  await writer.signature(t.applicantSignature, fullName, await embedImage(doc, a.signature));
  if (co) {
    writer.row(
      t.coApplicantConsent.pdfLabel,
      co.creditConsent
        ? t.creditConsent.pdfValue(co.creditConsent.version, formatSubmitted(co.creditConsent.at))
        : t.coApplicantConsent.pdfMissing,
    );
    if (co.creditConsent)
      writer.text(`${t.signedText(co.creditConsent.version)} ${privacy.coApplicantConsent.label(businessProfile.name)}`, {
        size: 8.5,
      });
    await writer.signature(t.coApplicantSignature, `${co.firstName} ${co.lastName}`, await embedImage(doc, co.signature));
  }

  await appendLicense(doc, writer, t.license, fullName, a.driverLicense, t.licensePdfAppended);
  if (co) await appendLicense(doc, writer, t.coLicense, `${co.firstName} ${co.lastName}`, co.driverLicense, t.licensePdfAppended);

  numberPages(doc, regular, t.pageOf);
  return doc.save({ useObjectStreams: true });
}

/** "Page 1 of 3" at the foot of every page, appended license pages included. */
function numberPages(doc: PDFDocument, font: PDFFont, label: (page: number, total: number) => string) {
  const pages = doc.getPages();
  const size = 9;
  pages.forEach((page, i) => {
    const text = pdfSafe(label(i + 1, pages.length));
    const width = font.widthOfTextAtSize(text, size);
    page.drawText(text, { x: (page.getWidth() - width) / 2, y: MARGIN / 2, size, font, color: MUTED });
  });
}

async function appendLicense(
  doc: PDFDocument,
  writer: PageWriter,
  title: string,
  name: string,
  license: StoredDocument | null,
  unreadablePdfNote: string,
) {
  if (!license) return;
  if (license.kind === "pdf") {
    try {
      const source = await PDFDocument.load(license.bytes, { ignoreEncryption: true });
      const pages = await doc.copyPages(source, source.getPageIndices());
      for (const page of pages) doc.addPage(page);
      return;
    } catch {
      // An unreadable or encrypted PDF still gets a page saying it was submitted.
      writer.newPage();
      writer.text(title, { font: writer.bold, size: 14 });
      writer.text(pdfSafe(unreadablePdfNote), { size: 10, color: MUTED });
      return;
    }
  }
  const image = await embedImage(doc, license, { photo: true });
  if (!image) return;
  writer.newPage();
  writer.text(`${title}: ${name}`, { font: writer.bold, size: 14 });
  const box = { width: PAGE.width - 2 * MARGIN, height: writer.y - MARGIN };
  const size = image.scaleToFit(box.width, box.height);
  writer.page.drawImage(image, { x: MARGIN, y: writer.y - size.height, width: size.width, height: size.height });
}

/**
 * JPEG embeds as is (no re-encoding). License photos in PNG/WebP are flattened to JPEG by
 * sharp, several times faster than pdf-lib's own PNG path (bench/pdf.ts); PNG signatures
 * are embedded as PNG to keep their transparency.
 */
async function embedImage(doc: PDFDocument, document: StoredDocument | null, { photo = false } = {}): Promise<PDFImage | null> {
  if (!document || document.kind === "pdf") return null;
  if (document.kind === "jpeg") {
    try {
      return await doc.embedJpg(document.bytes);
    } catch {
      // Unusual JPEG variants: fall through to a sharp re-encode.
    }
  }
  if (document.kind === "png" && !photo) {
    try {
      return await doc.embedPng(document.bytes);
    } catch {
      // fall through
    }
  }
  const jpeg = await sharp(document.bytes).rotate().flatten({ background: "#ffffff" }).jpeg({ quality: 85 }).toBuffer();
  return doc.embedJpg(jpeg);
}

function formatSubmittedIn(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], {
    timeZone: businessProfile.timeZone,
    dateStyle: "long",
    timeStyle: "short",
  }).format(new Date(iso));
}

/** "April 2, 1990" for "1990-04-02", like the other dates of the PDF (a calendar date: no time zone shift). */
export function formatBirthDate(isoDate: string, locale: Locale = "en"): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? formatLongDate(isoDate, locale) : isoDate;
}

function formatMoneyIn(n: number, locale: Locale): string {
  if (Number.isInteger(n)) return formatPrice(n, locale);
  return new Intl.NumberFormat(LANGUAGE_TAGS[locale], { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(n);
}

/** A top-down writer that wraps text and starts a new page when the current one is full. */
class PageWriter {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(value: string, { font = this.regular, size = 11, color = TEXT, x = MARGIN, width = PAGE.width - 2 * MARGIN } = {}) {
    const lines = wrap(pdfSafe(value), font, size, width);
    for (const line of lines) {
      this.ensure(size * 1.4);
      this.y -= size * 1.2;
      this.page.drawText(line, { x, y: this.y, size, font, color });
      this.y -= size * 0.2;
    }
  }

  /** `keepWith`: room needed below the heading so it never ends a page alone. */
  heading(value: string, keepWith = 60) {
    this.ensure(keepWith);
    this.y -= 10;
    this.text(value, { font: this.bold, size: 13, color: BRAND });
    this.y -= 2;
  }

  rule() {
    this.y -= 6;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 1, color: BRAND });
    this.y -= 8;
  }

  row(label: string, value: string) {
    const labelWidth = 140;
    const size = 10.5;
    const lines = wrap(pdfSafe(value), this.regular, size, PAGE.width - 2 * MARGIN - labelWidth);
    this.ensure(size * 1.4 * Math.min(lines.length, 3));
    this.y -= size * 1.2;
    this.page.drawText(pdfSafe(label), { x: MARGIN, y: this.y, size, font: this.bold, color: MUTED });
    lines.forEach((line, i) => {
      if (i > 0) {
        this.ensure(size * 1.4);
        this.y -= size * 1.2;
      }
      this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y, size, font: this.regular, color: TEXT });
    });
    this.y -= size * 0.3;
  }

  async signature(label: string, name: string, image: PDFImage | null) {
    const box = { width: 250, height: 80 };
    this.ensure(box.height + 40);
    this.text(`${label}: ${name}`, { size: 10, color: MUTED });
    this.y -= box.height + 4;
    this.page.drawRectangle({ x: MARGIN, y: this.y, width: box.width, height: box.height, borderColor: MUTED, borderWidth: 0.5 });
    if (image) {
      const size = image.scaleToFit(box.width - 8, box.height - 8);
      this.page.drawImage(image, { x: MARGIN + 4, y: this.y + (box.height - size.height) / 2, width: size.width, height: size.height });
    }
    this.y -= 8;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
      else {
        if (line) lines.push(line);
        // A single word wider than the line is cut into pieces.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}
