import { validApplicationInput } from "./financing-test-data";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { migrateToLatest, openDatabase, type OpenedDatabase } from "~/server/db/database.server";
import { readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { loadSecrets } from "~/server/secrets.server";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from "pdf-lib";
import { buildFinancingPdf, formatBirthDate, pdfSafe } from "./financing-pdf.server";
import { hasPdfAccess, pdfAccessToken } from "./financing-pdf-access.server";
import {
  addMonths,
  ORPHAN_GRACE_MS,
  purgeExpiredFinancingApplications,
  removeOrphanFinancingDocuments,
  retainedUntil,
} from "./financing-retention.server";
import { financingApplicationSchema as financingSchemaFor } from "./financing-schema";
import { en } from "~/shared/i18n/en";

const financingApplicationSchema = financingSchemaFor(en);
import { FinancingDocumentError, loadFinancingApplication, sniffDocumentKind, submitFinancingApplication } from "./financing.server";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const png = `data:image/png;base64,${PNG.toString("base64")}`;

const input = (overrides: Record<string, unknown> = {}) =>
  financingApplicationSchema.parse(validApplicationInput({ signature: png, driverLicense: png }, { lastName: "Doe", ...overrides }));

let dataDir: string;
let opened: OpenedDatabase;
let ctx: AppContext;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "financing-unit-"));
  opened = openDatabase(dataDir);
  await migrateToLatest(opened.db);
  ctx = {
    env: { ...readEnv({ DATA_DIR: dataDir }), dataDir },
    db: opened.db,
    logger: createLogger("silent"),
    secrets: loadSecrets(dataDir, ""),
  };
});

afterEach(async () => {
  await opened.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const files = () => (fs.existsSync(path.join(dataDir, "private")) ? fs.readdirSync(path.join(dataDir, "private")) : []);

describe("submitFinancingApplication", () => {
  it("encrypts SSN, date of birth and documents, and reads them back", async () => {
    const { id } = await submitFinancingApplication(ctx, input());
    const row = opened.raw.prepare("SELECT ssn_enc, date_of_birth_enc FROM financing_applications WHERE id = ?").get(id) as Record<
      string,
      string
    >;
    expect(row.ssn_enc).toMatch(/^v1\./);
    expect(row.date_of_birth_enc).not.toContain("1985");
    expect(files().sort()).toEqual([`${id}-license.enc`, `${id}-signature.enc`]);
    expect(fs.readFileSync(path.join(path.join(dataDir, "private"), `${id}-signature.enc`), "utf8")).not.toContain(
      PNG.toString("base64").slice(0, 20),
    );
    const loaded = await loadFinancingApplication(ctx, id);
    expect(loaded!.applicant.ssn).toBe("123-45-6789");
    expect(loaded!.applicant.dateOfBirth).toBe("1985-04-12");
    expect(loaded!.applicant.signature!.bytes.equals(PNG)).toBe(true);
  });

  it("removes the files it wrote when the database insert fails (all or nothing)", async () => {
    opened.raw.exec("CREATE TRIGGER refuse BEFORE INSERT ON financing_applications BEGIN SELECT RAISE(ABORT, 'refused'); END;");
    await expect(submitFinancingApplication(ctx, input())).rejects.toThrow(/refused/);
    expect(files()).toEqual([]);
  });

  it("rejects documents whose bytes are not what they claim, before writing anything", async () => {
    const html = `data:image/png;base64,${Buffer.from("<html><body>hi</body></html>").toString("base64")}`;
    const error = await submitFinancingApplication(ctx, input({ driverLicense: html })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FinancingDocumentError);
    expect((error as FinancingDocumentError).fieldErrors).toEqual({
      driverLicense: "Driver's license must be an image (PNG, JPEG or WebP) or a PDF",
    });
    expect(files()).toEqual([]);
  });
});

describe("retainedUntil: Regulation B's 25 months (12 CFR 1002.12(b), decision 095)", () => {
  it("runs 25 calendar months from the later of the action-taken date and the submission", () => {
    const submitted = "2026-01-31T15:00:00.000Z";
    // No action recorded: from the submission; a month shorter than the day keeps its last day.
    expect(retainedUntil({ createdAt: submitted, actionTakenAt: null }, null).toISOString()).toBe("2028-02-29T15:00:00.000Z");
    // Declined on March 10: from then.
    expect(retainedUntil({ createdAt: submitted, actionTakenAt: "2026-03-10T14:00:00.000Z" }, null).toISOString()).toBe(
      "2028-04-10T14:00:00.000Z",
    );
    // A longer FINANCING_RETENTION_DAYS keeps it longer; never shorter.
    expect(retainedUntil({ createdAt: submitted, actionTakenAt: null }, 1000).toISOString()).toBe("2028-10-27T15:00:00.000Z");
    expect(addMonths(new Date("2026-11-28T00:00:00Z"), 25).toISOString()).toBe("2028-12-28T00:00:00.000Z");
  });
});

describe("purgeExpiredFinancingApplications", () => {
  it("deletes rows and files 25 months after the later of action taken and submission, and keeps the others", async () => {
    const now = new Date("2028-06-01T12:00:00Z");
    // Submitted 25 months and a day ago: due.
    const old = await submitFinancingApplication(ctx, input(), new Date("2026-04-30T12:00:00Z"));
    // Submitted as long ago, but declined a year later: kept until 2029.
    const declined = await submitFinancingApplication(ctx, input(), new Date("2026-04-30T12:00:00Z"));
    await ctx.db
      .updateTable("financingApplications")
      .set({ creditDecision: "declined", actionTakenAt: "2027-04-30T12:00:00.000Z" })
      .where("id", "=", declined.id)
      .execute();
    // 730 days ago, the old default: no longer purged (24 months, under Regulation B's 25).
    const twoYears = await submitFinancingApplication(ctx, input(), new Date(now.getTime() - 731 * 86_400_000));
    expect(await purgeExpiredFinancingApplications(ctx, now)).toBe(1);
    const ids = (opened.raw.prepare("SELECT id FROM financing_applications").all() as { id: string }[]).map((r) => r.id).sort();
    expect(ids).toEqual([declined.id, twoYears.id].sort());
    expect(files().some((f) => f.startsWith(old.id))).toBe(false);
    expect(files().filter((f) => f.startsWith(declined.id))).toHaveLength(2);
  });

  it("honours a longer configured retention period", async () => {
    const now = new Date("2028-06-01T12:00:00Z");
    await submitFinancingApplication(ctx, input(), new Date("2026-04-30T12:00:00Z"));
    expect(await purgeExpiredFinancingApplications({ ...ctx, env: { ...ctx.env, financingRetentionDays: 800 } }, now)).toBe(0);
    expect(await purgeExpiredFinancingApplications(ctx, now)).toBe(1);
  });
});

describe("buildFinancingPdf", () => {
  it("renders names outside Latin-1 without failing, with the applicant's name in the title", async () => {
    const { id } = await submitFinancingApplication(
      ctx,
      input({ firstName: "Łukasz", lastName: "Dvořák “Ž” 🚗", hasTradeIn: true, tradeInDetails: "x".repeat(300) }),
    );
    const pdf = await buildFinancingPdf(ctx, id);
    const doc = await PDFDocument.load(pdf!.bytes);
    expect(doc.getTitle()).toContain("Lukasz Dvorák “Ž” ?");
    expect(doc.getPageCount()).toBe(2);
    // Every page is numbered; the date of birth is written out like the other dates.
    const pages = doc.getPages().map(pageText);
    expect(pages[0]).toContain(hex("Page 1 of 2"));
    expect(pages[1]).toContain(hex("Page 2 of 2"));
    expect(pages.join("")).toContain(hex(formatBirthDate(input().dateOfBirth)));
    expect(pages.join("")).not.toContain(hex(input().dateOfBirth));
    expect(await buildFinancingPdf(ctx, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

/** A page's decoded content stream: pdf-lib writes standard-font text as hex strings. */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1") : ""))
    .join("\n");
}
const hex = (text: string) => `<${Buffer.from(text, "latin1").toString("hex").toUpperCase()}>`;

describe("helpers", () => {
  it("writes dates of birth out in words", () => {
    expect(formatBirthDate("1990-04-02")).toBe("April 2, 1990");
    expect(formatBirthDate("1985-12-31")).toBe("December 31, 1985");
  });

  it("sniffs documents by magic bytes", () => {
    expect(sniffDocumentKind(PNG)).toBe("png");
    expect(sniffDocumentKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffDocumentKind(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffDocumentKind(Buffer.from("%PDF-1.7"))).toBe("pdf");
    expect(sniffDocumentKind(Buffer.from("<!doctype html>"))).toBeNull();
  });

  it("keeps Latin-1 text for the PDF's standard fonts and replaces what they cannot encode", () => {
    expect(pdfSafe("José Müller")).toBe("José Müller");
    expect(pdfSafe("Łukasz Dvořák 🚗")).toBe("Lukasz Dvorák ?");
    expect(pdfSafe("“quoted” – €5")).toBe("“quoted” – €5");
  });

  it("accepts only a valid, unexpired access cookie for the same application", () => {
    const key = Buffer.alloc(32, 7);
    const req = (cookie: string) => ({ headers: { cookie } }) as never;
    const id = "0b7f3c1e-8d6a-4b7e-9a51-3f2d1c0e9b8a";
    const now = 1_000_000;
    expect(hasPdfAccess(req(`financing_pdf=${pdfAccessToken(key, id, now + 1)}`), key, id, now)).toBe(true);
    expect(hasPdfAccess(req(`financing_pdf=${pdfAccessToken(key, id, now)}`), key, id, now)).toBe(false);
    expect(hasPdfAccess(req(`financing_pdf=${pdfAccessToken(key, id, now + 1)}`), key, id.replace("0b", "1b"), now)).toBe(false);
    expect(hasPdfAccess(req(`financing_pdf=${pdfAccessToken(Buffer.alloc(32, 8), id, now + 1)}`), key, id, now)).toBe(false);
    expect(hasPdfAccess(req("other=1"), key, id, now)).toBe(false);
  });
});

describe("removeOrphanFinancingDocuments", () => {
  it("removes documents no application refers to (a crash between files and row), keeps referenced and young ones", async () => {
    const kept = await submitFinancingApplication(ctx, input());
    fs.writeFileSync(path.join(path.join(dataDir, "private"), "11111111-1111-4111-8111-111111111111-signature.enc"), "sealed");
    fs.writeFileSync(path.join(path.join(dataDir, "private"), "not-a-document.txt"), "x");
    const past = new Date(Date.now() - 2 * ORPHAN_GRACE_MS);
    expect(await removeOrphanFinancingDocuments(ctx, past)).toBe(0);
    expect(await removeOrphanFinancingDocuments(ctx, new Date(Date.now() + 1000))).toBe(1);
    expect(files().sort()).toEqual([`${kept.id}-license.enc`, `${kept.id}-signature.enc`, "not-a-document.txt"].sort());
    expect((await loadFinancingApplication(ctx, kept.id))?.applicant.signature).not.toBeNull();
  });
});
