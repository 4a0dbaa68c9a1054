/**
 * A photo made small enough to send, in the browser: the staff's vehicle photos and a shopper's trade-in
 * photos both go through it.
 */
/** docs/behaviour.md §9: fit within 1200×1200, keep the aspect ratio, JPEG at quality 0.8. */
export const PHOTO_MAX_SIDE = 1200;
export const PHOTO_QUALITY = 0.8;

/** Target size that fits inside max×max without enlarging. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Resizes one photo in the browser (respecting EXIF orientation) and returns the JPEG. */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas");
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await canvas.convertToBlob({ type: "image/jpeg", quality: PHOTO_QUALITY });
  } finally {
    bitmap.close();
  }
}
