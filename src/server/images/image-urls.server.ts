import type { VehiclePhoto } from "~/shared/types/vehicle";

/** Widths of the WebP variants made for every photo; 1200 is also stored as JPEG (docs/behaviour.md §9). */
export const WEBP_WIDTHS = [400, 800] as const;
export const FULL_WIDTH = 1200;

/** Public URL of one stored variant. Keys are content hashes, so the URLs never change meaning. */
export function imageVariantUrl(key: string, variant: "400.webp" | "800.webp" | "1200.webp" | "1200.jpg"): string {
  return `/images/${key}-${variant}`;
}

export function photoFromKey(key: string, width: number, height: number): VehiclePhoto {
  const scale = Math.min(1, FULL_WIDTH / width);
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return {
    src: imageVariantUrl(key, "1200.jpg"),
    srcSet: [
      `${imageVariantUrl(key, "400.webp")} 400w`,
      `${imageVariantUrl(key, "800.webp")} 800w`,
      `${imageVariantUrl(key, "1200.webp")} ${w}w`,
    ].join(", "),
    width: w,
    height: h,
  };
}
