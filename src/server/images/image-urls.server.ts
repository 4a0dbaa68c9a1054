import type { VehiclePhoto } from "~/shared/types/vehicle";

/** Widths of the WebP variants made for every photo; 1200 is also stored as JPEG (docs/behaviour.md §9). */
export const WEBP_WIDTHS = [400, 800] as const;
export const FULL_WIDTH = 1200;

type Variant = "400.webp" | "800.webp" | "1200.webp" | "1200.jpg";

/** Public URL of one stored variant. Keys are content hashes, so the URLs never change meaning. */
export function imageVariantUrl(key: string, variant: Variant): string {
  return `/images/${key}-${variant}`;
}

/** A photo's responsive sources; `url` names each variant (the public one, or a staff-only one for shoppers' trade-in photos). */
export function photoFromKey(
  key: string,
  width: number,
  height: number,
  url: (key: string, variant: Variant) => string = imageVariantUrl,
): VehiclePhoto {
  const scale = Math.min(1, FULL_WIDTH / width);
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return {
    src: url(key, "1200.jpg"),
    srcSet: [`${url(key, "400.webp")} 400w`, `${url(key, "800.webp")} 800w`, `${url(key, "1200.webp")} ${w}w`].join(", "),
    width: w,
    height: h,
  };
}
