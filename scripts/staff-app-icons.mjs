// Draws the staff app's home-screen icons (decision 114) into public/: a white car on the brand's red,
// as the favicon. "any" icons have rounded corners; the maskable one fills its square, the car inside
// the middle 80 % the platform's mask always keeps. Run again after changing the drawing; the PNGs are committed.
import path from "node:path";
import sharp from "sharp";

const RED = "#b91c1c";
const car = (scale, offset) => `
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path fill="#fff" d="M22 58 L30 36 Q32 30 38 30 L62 30 Q68 30 70 36 L78 58 Q84 59 84 65 L84 74 Q84 77 81 77 L19 77 Q16 77 16 74 L16 65 Q16 59 22 58 Z"/>
    <path fill="${RED}" d="M29 57 L35 39 Q36 36 39 36 L61 36 Q64 36 65 39 L71 57 Z"/>
    <circle cx="31" cy="66" r="5" fill="${RED}"/>
    <circle cx="69" cy="66" r="5" fill="${RED}"/>
  </g>`;
const svg = (size, maskable) => {
  const content = maskable ? 0.6 : 0.8;
  const scale = (size * content) / 100;
  const offset = (size - size * content) / 2;
  const radius = maskable ? 0 : size * 0.18;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <rect width="${size}" height="${size}" rx="${radius}" fill="${RED}"/>${car(scale, offset)}</svg>`;
};

const out = path.join(import.meta.dirname, "..", "public");
for (const [name, size, maskable] of [
  ["staff-icon-192.png", 192, false],
  ["staff-icon-512.png", 512, false],
  ["staff-icon-maskable-512.png", 512, true],
]) {
  await sharp(Buffer.from(svg(size, maskable)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}
