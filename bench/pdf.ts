// Financing PDF benchmark: `npx tsx bench/pdf.ts [runs]`.
// Builds the PDF of one application with two signatures and two 1200 px license photos
// through the real service (row read, decryption of fields and files, pdf-lib render),
// after a warm-up, and reports the median of N runs. Target: <= 300 ms.
import { validApplicationInput } from "~/features/financing/financing-test-data";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { buildFinancingPdf } from "~/features/financing/financing-pdf.server";
import { financingApplicationSchema as financingSchemaFor } from "~/features/financing/financing-schema";
import { en } from "~/shared/i18n/en";

const financingApplicationSchema = financingSchemaFor(en);
import { submitFinancingApplication } from "~/features/financing/financing.server";
import type { AppContext } from "~/server/context.server";
import { migrateToLatest, openDatabase } from "~/server/db/database.server";
import { readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { loadSecrets } from "~/server/secrets.server";

const TARGET_MS = 300;
const RUNS = Number(process.argv[2] ?? 30);
const WARMUP = 5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A photo-like 1200 px image (noise compresses like a real photo, unlike a flat colour). */
async function photo(format: "jpeg" | "png", seed: number): Promise<Buffer> {
  const width = 1200;
  const height = 800;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = ((i % 3) * 60 + ((x >>> 16) & 0x3f) + Math.floor(i / (width * 3)) / 8) & 0xff;
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } }).blur(1.2);
  return format === "jpeg" ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

async function signature(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="200"><text x="30" y="120" font-size="56" font-style="italic" font-family="serif">${text}</text><path d="M30 150 C 150 110, 300 190, 470 130" stroke="black" stroke-width="2" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString("base64")}`;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median: round(at(0.5)), p90: round(at(0.9)), min: round(sorted[0]!), max: round(sorted.at(-1)!) };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pdf-"));
  const env = { ...readEnv({ ...process.env, DATA_DIR: dataDir }), dataDir };
  const { db } = openDatabase(dataDir);
  await migrateToLatest(db);
  const ctx: AppContext = { env, db, logger: createLogger("silent"), secrets: loadSecrets(dataDir, "") };

  const scenarios: { name: string; format: "jpeg" | "png" }[] = [
    { name: "2 signatures + 2 x 1200px JPEG licenses", format: "jpeg" },
    { name: "2 signatures + 2 x 1200px PNG licenses", format: "png" },
  ];
  const results = [];
  for (const scenario of scenarios) {
    const [lic1, lic2, sig1, sig2] = await Promise.all([
      photo(scenario.format, 1),
      photo(scenario.format, 2),
      signature("Jane Applicant"),
      signature("John Partner"),
    ]);
    const mime = scenario.format === "jpeg" ? "image/jpeg" : "image/png";
    const input = financingApplicationSchema.parse(
      validApplicationInput(
        { signature: dataUrl("image/png", sig1), driverLicense: dataUrl(mime, lic1) },
        {
          employer: "Acme Tools",
          vehicleOfInterest: "2019 Honda Civic",
          downPayment: 1500,
          hasTradeIn: true,
          tradeInDetails: "2010 Toyota Corolla, 150k miles, runs well",
          hasCoOwner: true,
          coOwnerFirstName: "John",
          coOwnerLastName: "Partner",
          coOwnerEmail: "john@example.com",
          coOwnerPhone: "9785550101",
          coOwnerDateOfBirth: "1986-05-13",
          coOwnerSsn: "987654321",
          coOwnerEmploymentStatus: "employed",
          coOwnerMonthlyIncome: 3100,
          coOwnerSignature: dataUrl("image/png", sig2),
          coOwnerDriverLicense: dataUrl(mime, lic2),
        },
      ),
    );
    const { id } = await submitFinancingApplication(ctx, input);
    let size = 0;
    let pages = 0;
    for (let i = 0; i < WARMUP; i++) await buildFinancingPdf(ctx, id, { revealSsn: true });
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = process.hrtime.bigint();
      const pdf = await buildFinancingPdf(ctx, id, { revealSsn: true });
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      size = pdf!.bytes.length;
      if (i === 0) pages = (await PDFDocument.load(pdf!.bytes)).getPageCount();
    }
    const s = stats(samples);
    results.push({
      scenario: scenario.name,
      licenseBytes: [lic1.length, lic2.length],
      runs: RUNS,
      warmup: WARMUP,
      ...s,
      pdfBytes: size,
      pages,
      targetMs: TARGET_MS,
      pass: s.median <= TARGET_MS,
    });
  }
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.table(
    results.map((r) => ({
      scenario: r.scenario,
      "median ms": r.median,
      "p90 ms": r.p90,
      "min ms": r.min,
      "max ms": r.max,
      "PDF KB": Math.round(r.pdfBytes / 1024),
      pages: r.pages,
      pass: r.pass,
    })),
  );
  const out = path.join(root, "bench/results/pdf.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ benchmark: "financing-pdf", date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, results }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(root, out)}`);
  if (!results.every((r) => r.pass)) process.exitCode = 1;
}

await main();
