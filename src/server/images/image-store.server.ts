import crypto from "node:crypto";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { FileStore } from "~/server/storage/file-store.server";
import { SPARE_CORE_SLOTS, WorkBusyError, WorkSlots } from "~/server/work-slots.server";
import { FULL_WIDTH, WEBP_WIDTHS } from "./image-urls.server";

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

/**
 * The most pixels a photo may have, checked in its header before anything is decoded (and given to
 * libvips as `limitInputPixels` for the one decode). A phone's full-resolution photo is 12 to 50 MP; the
 * largest common sensors write 8192 × 6144 (50.3 MP), which fits in this 8192 × 8192 square, while the
 * 200 MP modes and the review's 16000 × 16000 PNG (256 MP, 747 KB on the wire, 5.3 s and +390 MB to
 * decode) do not. sharp's own default, 268 MP, let that bomb through (decision 085).
 */
export const MAX_IMAGE_PIXELS = 8192 * 8192;

export class ImageRejectedError extends Error {}

/**
 * Image work (one decode and four encodes per photo) runs one fewer at a time than there are cores (at
 * most 2, at least 1), as password hashing does: libvips already spreads one image over the cores, and
 * the libuv threads it would hold are the ones static files are read on. A few more photos wait (a few
 * seconds of work); past that an upload is refused at once with a 503 and Retry-After.
 */
export const IMAGE_WORK_AT_ONCE = SPARE_CORE_SLOTS;
export const IMAGE_WORK_QUEUED = 8 * IMAGE_WORK_AT_ONCE;
const imageSlots = new WorkSlots(IMAGE_WORK_AT_ONCE, IMAGE_WORK_QUEUED, "image");

/** Every image slot is taken and the queue is full: try again in a moment (503 Retry-After). */
export class ImageWorkBusyError extends WorkBusyError {
  constructor() {
    super("Image processing is busy", 5);
  }
}

export type StoredImage = { key: string; width: number; height: number };

/** A photo checked and encoded in memory, nothing written yet: its key, upright size and variant files. */
export type PreparedImage = StoredImage & { variants: { name: string; bytes: Buffer }[] };

/** The store's folder of public image variants (vehicle photos), served at /images (decision 121). */
export const PUBLIC_IMAGES = "images";

/**
 * Shoppers' photos of their cars (number plates, driveways) are private: they live apart from the
 * stock photos, in the store's private folder, and only signed-in staff get them (decision 085).
 */
export const TRADE_IN_PHOTOS = "private/trade-in-photos";

/** A variant's key in the store: `<folder>/<key>-<suffix>`, e.g. `images/0123…-1200.jpg`. */
export const imageFileKey = (folder: string, key: string, suffix: string) => `${folder}/${key}-${suffix}`;

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

/** The variants every photo gets, by file-name suffix: 400/800/1200 px WebP and the 1200 px JPEG (docs/behaviour.md §9). */
const FULL_JPEG = `${FULL_WIDTH}.jpg`;
export const VARIANT_SUFFIXES = [...WEBP_WIDTHS.map((w) => `${w}.webp`), `${FULL_WIDTH}.webp`, FULL_JPEG] as const;

/**
 * Checks a photo and encodes its variants in memory: type by magic bytes, size, and pixel count from
 * the header (no decode), then ONE decode, upright and shrunk to 1200 px, from which every variant is
 * encoded. Anything libvips cannot read (a truncated or corrupt file) is an ImageRejectedError (a 400
 * on the photo's field), never a 500. With `refuseWhenBusy` (the default: a request's upload) a full
 * queue refuses at once with ImageWorkBusyError; without it the caller waits (start-up and command-line work).
 */
export async function prepareImage(bytes: Buffer, { refuseWhenBusy = true } = {}): Promise<PreparedImage> {
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
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new ImageRejectedError("Image has too many pixels");
  const key = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  // EXIF orientation may swap the sides; report the upright size.
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  const variants = await imageSlots.run(() => encodeVariants(bytes), refuseWhenBusy ? () => new ImageWorkBusyError() : undefined);
  return { key, width, height, variants };
}

async function encodeVariants(bytes: Buffer): Promise<PreparedImage["variants"]> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // The one decode: JPEG and WebP shrink while loading; the result is at most 1200 × 1200 raw pixels.
    decoded = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: FULL_WIDTH, height: FULL_WIDTH, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejectedError("Image could not be read");
  }
  const { data, info } = decoded;
  // Raw pixels carry no EXIF, GPS or comment: none reaches a stored file.
  const from = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [small, medium, full, jpeg] = await Promise.all([
    ...WEBP_WIDTHS.map((w) => from().resize({ width: w, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer()),
    from().webp({ quality: 78 }).toBuffer(),
    from().jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
  ]);
  return VARIANT_SUFFIXES.map((suffix, i) => ({ name: suffix, bytes: [small, medium, full, jpeg][i]! }));
}

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg" };
const contentTypeOf = (suffix: string) => CONTENT_TYPES[suffix.slice(suffix.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/**
 * Writes a prepared image's variants into a folder of the store, named by content hash so identical
 * photos share files. The JPEG is written last, so its presence means every variant is complete (each
 * write is whole or nothing, decision 120). `created`: this call wrote them (false when the same photo
 * was already there).
 */
export async function writePreparedImage(store: FileStore, folder: string, image: PreparedImage): Promise<{ created: boolean }> {
  const full = imageFileKey(folder, image.key, FULL_JPEG);
  if (await store.exists(full)) return { created: false };
  await Promise.all(
    image.variants
      .filter((v) => v.name !== FULL_JPEG)
      .map((v) => store.put(imageFileKey(folder, image.key, v.name), v.bytes, contentTypeOf(v.name))),
  );
  await store.put(full, image.variants.find((v) => v.name === FULL_JPEG)!.bytes, contentTypeOf(FULL_JPEG));
  return { created: true };
}

/** Validates a vehicle photo and writes its variants (400/800/1200 px WebP and the 1200 px JPEG) to the public images. */
export async function storeImage(store: FileStore, bytes: Buffer, options?: { refuseWhenBusy?: boolean }): Promise<StoredImage> {
  const prepared = await prepareImage(bytes, options);
  await writePreparedImage(store, PUBLIC_IMAGES, prepared);
  return { key: prepared.key, width: prepared.width, height: prepared.height };
}

const IMAGE_KEY = /^[0-9a-f]{32}$/;

/**
 * Removes every stored variant of one image from a folder of the store (the files writePreparedImage
 * writes, and the temporary name an earlier version used). The caller checks first that nothing else
 * shows it: files are named by content, so the same photo uploaded twice is one set of files.
 */
export async function removeImageFiles(store: FileStore, folder: string, key: string): Promise<void> {
  if (!IMAGE_KEY.test(key)) throw new Error("Not an image key");
  await store.remove([
    ...VARIANT_SUFFIXES.map((suffix) => imageFileKey(folder, key, suffix)),
    imageFileKey(folder, key, `${FULL_JPEG}.tmp`),
  ]);
}

/** The upright size of a stored photo's 1200 px JPEG, or null when the photo is not (completely) stored. */
export async function storedImageSize(store: FileStore, folder: string, key: string): Promise<{ width: number; height: number } | null> {
  if (!IMAGE_KEY.test(key)) return null;
  const jpeg = await store.get(imageFileKey(folder, key, FULL_JPEG));
  if (!jpeg) return null;
  const meta = await sharp(jpeg).metadata();
  return { width: meta.width ?? FULL_WIDTH, height: meta.height ?? 900 };
}
