import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { FULL_WIDTH, WEBP_WIDTHS } from "./image-urls.server";

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export class ImageRejectedError extends Error {}

export type StoredImage = { key: string; width: number; height: number };

/** Folder under DATA_DIR where public image variants live. */
export function imagesDir(dataDir: string): string {
  return path.join(dataDir, "images");
}

/** Detects JPEG/PNG/WebP by magic bytes, never by a name or a declared type. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "png";
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString("latin1") === "RIFF" &&
    Buffer.from(bytes.subarray(8, 12)).toString("latin1") === "WEBP"
  )
    return "webp";
  return null;
}

/**
 * Validates an uploaded photo and writes its variants (400/800/1200 px WebP and the
 * 1200 px JPEG) under DATA_DIR/images, named by content hash so identical photos share files.
 */
export async function storeImage(dataDir: string, bytes: Buffer): Promise<StoredImage> {
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw new ImageRejectedError("Image is empty or too large");
  if (!sniffImageType(bytes)) throw new ImageRejectedError("Only JPEG, PNG or WebP images are accepted");
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new ImageRejectedError("Image could not be read");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new ImageRejectedError("Only JPEG, PNG or WebP images are accepted");
  }
  const key = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const dir = imagesDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const full = path.join(dir, `${key}-1200.jpg`);
  const exists = await fs.stat(full).then(
    () => true,
    () => false,
  );
  const base = sharp(bytes).rotate();
  // EXIF orientation may swap the sides; report the upright size.
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  if (!exists) {
    const fit = { width: FULL_WIDTH, height: FULL_WIDTH, fit: "inside" as const, withoutEnlargement: true };
    await Promise.all([
      ...WEBP_WIDTHS.map((w) =>
        base
          .clone()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 72 })
          .toFile(path.join(dir, `${key}-${w}.webp`)),
      ),
      base
        .clone()
        .resize(fit)
        .webp({ quality: 78 })
        .toFile(path.join(dir, `${key}-1200.webp`)),
    ]);
    // The JPEG is renamed into place last, so its presence means every variant is complete.
    await base.clone().resize(fit).jpeg({ quality: 80, mozjpeg: true }).toFile(`${full}.tmp`);
    await fs.rename(`${full}.tmp`, full);
  }
  return { key, width, height };
}

const IMAGE_KEY = /^[0-9a-f]{32}$/;

/**
 * Removes every stored variant of one image (the files storeImage writes). The caller checks first that
 * nothing else shows it: files are named by content, so the same photo uploaded twice is one set of files.
 */
export async function removeStoredImage(dataDir: string, key: string): Promise<void> {
  if (!IMAGE_KEY.test(key)) throw new Error("Not an image key");
  const dir = imagesDir(dataDir);
  const names = [...WEBP_WIDTHS.map((w) => `${key}-${w}.webp`), `${key}-1200.webp`, `${key}-1200.jpg`, `${key}-1200.jpg.tmp`];
  await Promise.all(names.map((n) => fs.rm(path.join(dir, n), { force: true })));
}
