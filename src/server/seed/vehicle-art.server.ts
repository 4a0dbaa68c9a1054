import type { ExteriorColor } from "~/shared/types/vehicle";

/**
 * Draws demo vehicle photos as SVG (no network, no stock images): a side profile by
 * body style, in the vehicle's exterior colour, in one of several scenes and framings.
 */

export const COLOR_HEX: Record<ExteriorColor, string> = {
  Black: "#16181d",
  White: "#f3f4f6",
  Silver: "#b8bec7",
  Gray: "#6b7280",
  Red: "#b3121b",
  Blue: "#1d4ed8",
  Green: "#166534",
  Brown: "#6b4226",
  Beige: "#d6c7a1",
  Gold: "#c9a227",
  Orange: "#ea580c",
  Yellow: "#facc15",
  Purple: "#6b21a8",
  Burgundy: "#7f1d1d",
  Charcoal: "#36454f",
};

type Profile = { body: string; cabin: string; windows: string; extra?: string };

// Side profiles on a 1200×800 canvas; wheels sit at x=330 and x=870 on the ground line y=620.
const PROFILES: Record<string, Profile> = {
  Sedan: {
    body: "M160 560 Q160 470 260 460 L420 455 L900 455 Q1030 470 1040 540 L1040 585 L160 585 Z",
    cabin: "M380 458 L470 360 Q490 345 520 345 L760 345 Q790 345 810 365 L905 458 Z",
    windows: "M410 450 L485 372 L630 372 L630 450 Z M645 450 L645 372 L770 372 Q785 372 797 386 L860 450 Z",
  },
  SUV: {
    body: "M170 580 L170 470 Q175 420 260 415 L960 415 Q1030 425 1040 500 L1040 590 L170 590 Z",
    cabin: "M300 418 L370 300 Q385 285 410 285 L890 285 Q920 285 930 310 L960 418 Z",
    windows:
      "M330 410 L390 308 L560 308 L560 410 Z M575 410 L575 308 L740 308 L740 410 Z M755 410 L755 308 L880 308 Q900 308 905 326 L930 410 Z",
  },
  Truck: {
    body: "M160 585 L160 480 Q165 435 240 430 L640 430 L640 455 L1050 455 L1050 585 Z",
    cabin: "M320 433 L380 310 Q392 295 420 295 L620 295 Q640 295 640 320 L640 433 Z",
    windows: "M350 425 L400 318 L505 318 L505 425 Z M518 425 L518 318 L615 318 L615 425 Z",
    extra: "M650 455 L1045 455 L1045 470 L650 470 Z",
  },
  Hatchback: {
    body: "M200 570 Q200 475 290 465 L900 462 Q990 470 995 530 L995 588 L200 588 Z",
    cabin: "M360 466 L450 350 Q470 335 500 335 L860 340 Q890 342 900 370 L930 466 Z",
    windows: "M390 458 L465 360 L620 360 L620 458 Z M635 458 L635 360 L845 362 Q870 364 878 386 L900 458 Z",
  },
  Coupe: {
    body: "M160 565 Q165 490 280 478 L920 474 Q1035 485 1040 548 L1040 588 L160 588 Z",
    cabin: "M420 478 L540 372 Q560 360 590 360 L740 362 Q775 364 800 385 L900 478 Z",
    windows: "M455 470 L553 384 L700 384 L700 470 Z M712 470 L712 385 L760 386 Q780 390 795 404 L860 470 Z",
  },
  Minivan: {
    body: "M180 585 L180 460 Q185 420 250 415 L980 412 Q1035 420 1040 490 L1040 590 L180 590 Z",
    cabin: "M260 418 L350 270 Q365 255 395 255 L930 258 Q960 260 965 290 L985 415 Z",
    windows:
      "M300 410 L370 285 L520 285 L520 410 Z M535 410 L535 285 L760 285 L760 410 Z M775 410 L775 285 L920 287 Q940 290 943 310 L955 410 Z",
  },
  Wagon: {
    body: "M160 570 Q160 475 260 465 L960 462 Q1035 470 1040 535 L1040 588 L160 588 Z",
    cabin: "M370 466 L460 352 Q480 338 510 338 L950 340 Q975 342 980 365 L990 466 Z",
    windows:
      "M400 458 L475 362 L640 362 L640 458 Z M655 458 L655 362 L820 362 L820 458 Z M835 458 L835 362 L945 362 Q960 364 962 380 L968 458 Z",
  },
  Convertible: {
    body: "M160 565 Q165 485 280 476 L920 474 Q1035 485 1040 548 L1040 588 L160 588 Z",
    cabin: "M470 478 L545 392 L560 392 L500 478 Z",
    windows: "M478 472 L548 398 L556 398 L494 472 Z",
    extra: "M600 470 Q640 430 700 430 L760 430 Q790 432 800 470 Z",
  },
};

const SCENES = [
  { sky: ["#cfe3f5", "#eef5fb"], ground: "#5b6168", stripe: "#f8fafc" },
  { sky: ["#e5e7eb", "#f9fafb"], ground: "#d1d5db", stripe: "#9ca3af" },
  { sky: ["#f59e0b", "#7c3aed"], ground: "#374151", stripe: "#fde68a" },
  { sky: ["#1f2937", "#4b5563"], ground: "#111827", stripe: "#6b7280" },
] as const;

export type Shot = { scene: number; flip: boolean; zoom: "full" | "front" | "rear" } | { interior: true; scene: number };

/** The framings used for a vehicle with `count` photos: a full side view first (the cover). */
export function shotsFor(count: number, seed: number): Shot[] {
  const all: Shot[] = [
    { scene: seed % 2, flip: false, zoom: "full" },
    { scene: (seed + 1) % 4, flip: true, zoom: "full" },
    { scene: (seed + 2) % 4, flip: false, zoom: "front" },
    { interior: true, scene: 3 },
    { scene: (seed + 3) % 4, flip: true, zoom: "rear" },
    { scene: 1, flip: true, zoom: "front" },
  ];
  return all.slice(0, count);
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (shift: number) => Math.max(0, Math.min(255, ((n >> shift) & 255) + amount));
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, "0")}`;
}

function wheel(cx: number): string {
  return (
    `<g><circle cx="${cx}" cy="585" r="72" fill="#111"/><circle cx="${cx}" cy="585" r="44" fill="#9ca3af"/>` +
    `<circle cx="${cx}" cy="585" r="14" fill="#4b5563"/>` +
    [0, 72, 144, 216, 288]
      .map((a) => `<rect x="${cx - 4}" y="545" width="8" height="30" fill="#6b7280" transform="rotate(${a} ${cx} 585)"/>`)
      .join("") +
    `</g>`
  );
}

/** SVG markup of one photo. */
export function vehicleSvg(bodyStyle: string, color: string, shot: Shot): string {
  const paint = COLOR_HEX[color as ExteriorColor] ?? "#6b7280";
  const scene = SCENES[shot.scene % SCENES.length]!;
  const head =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient>` +
    `<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(paint, 40)}"/><stop offset="0.55" stop-color="${paint}"/><stop offset="1" stop-color="${shade(paint, -45)}"/></linearGradient></defs>` +
    `<rect width="1200" height="800" fill="url(#sky)"/>`;
  if ("interior" in shot) {
    return (
      head +
      `<rect y="430" width="1200" height="370" fill="#1f2937"/>` +
      `<path d="M0 470 Q600 380 1200 470 L1200 560 L0 560 Z" fill="${shade(paint, -70)}"/>` +
      `<circle cx="420" cy="560" r="150" fill="none" stroke="#0b0f14" stroke-width="34"/><circle cx="420" cy="560" r="40" fill="#0b0f14"/>` +
      `<rect x="640" y="470" width="260" height="120" rx="14" fill="#0f172a"/><rect x="660" y="490" width="220" height="80" rx="8" fill="#1e3a8a"/>` +
      `</svg>`
    );
  }
  const profile = PROFILES[bodyStyle] ?? PROFILES.Sedan!;
  const car =
    `<ellipse cx="600" cy="660" rx="470" ry="26" fill="#000" opacity="0.35"/>` +
    `<path d="${profile.cabin}" fill="${shade(paint, -20)}"/>` +
    `<path d="${profile.body}" fill="url(#paint)"/>` +
    (profile.extra ? `<path d="${profile.extra}" fill="${shade(paint, -35)}"/>` : "") +
    `<path d="${profile.windows}" fill="#1e293b" opacity="0.85"/>` +
    `<rect x="1000" y="490" width="40" height="22" rx="6" fill="#fef9c3"/><rect x="160" y="495" width="26" height="22" rx="5" fill="#dc2626"/>` +
    `<path d="M640 470 L640 580" stroke="${shade(paint, -60)}" stroke-width="3"/>` +
    wheel(330) +
    wheel(870);
  const zoom = shot.zoom === "front" ? "translate(-700 -380) scale(1.6)" : shot.zoom === "rear" ? "translate(-40 -380) scale(1.6)" : "";
  const flip = shot.flip ? "translate(1200 0) scale(-1 1)" : "";
  return (
    head +
    `<rect y="620" width="1200" height="180" fill="${scene.ground}"/><rect y="700" width="1200" height="6" fill="${scene.stripe}" opacity="0.6"/>` +
    `<g transform="${flip} ${zoom}">${car}</g></svg>`
  );
}
