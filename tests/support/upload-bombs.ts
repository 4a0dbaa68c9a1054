import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

/**
 * Uploads that cost a server far more than their size, as the review of 2026-11-28 sent them (M-1, M-2),
 * for the API tests and `bench/uploads.ts`.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG of `width` × `height` black RGB pixels: every row deflated, so it decodes in full (16000 ×
 * 16000 is 768 MB of pixels in about 750 KB). Made by streaming the rows through zlib, and kept in the
 * temp folder between runs.
 */
export async function decompressionBomb(width: number, height: number): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `dealership-png-bomb-${width}x${height}.png`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (data: Buffer) => out.push(data));
  const finished = new Promise<void>((resolve, reject) => {
    deflate.once("end", resolve);
    deflate.once("error", reject);
  });
  // Filter byte 0, then three zero bytes a pixel.
  const row = Buffer.alloc(1 + width * 3);
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await finished;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.concat(out)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  fs.writeFileSync(`${file}.tmp`, png);
  fs.renameSync(`${file}.tmp`, file);
  return png;
}

/** A trade-in request's fields as POST /api/trade-ins takes them (JSON), without its photos: a 2012 Ford Focus. */
export const TRADE_IN_FIELDS = {
  year: 2012,
  make: "Ford",
  model: "Focus",
  mileage: 120_000,
  zip: "01420",
  condition: { accidents: 0, warningLights: false, tires: "good", keys: 2, smokedIn: false, titleStatus: "clean" },
  firstName: "Upload",
  lastName: "Tester",
  email: "upload.tester@example.com",
  phone: "(978) 555-0150",
  locale: "en",
  consent: true,
};

/** POST /api/trade-ins with these photos (data URLs) from the client address `client`. */
export function postTradeInPhotos(baseUrl: string, photos: string[], client: string): Promise<Response> {
  return fetch(`${baseUrl}/api/trade-ins`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify({ ...TRADE_IN_FIELDS, photos }),
  });
}

/** A multipart body of `parts` empty file parts named "photos" (150,000 are about 19 MB), as the review's multipart.mjs sent. */
export function manyEmptyParts(parts: number): { body: Buffer; contentType: string } {
  const boundary = "----review-m2-boundary";
  const part = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\r\n`,
  );
  const body = Buffer.concat([...Array.from({ length: parts }, () => part), Buffer.from(`--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The most memory a process has held so far (Linux VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

/** The memory a process holds now (Linux VmRSS), in MB; 0 once it has exited. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : 0;
}
