import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

/** The signature pad's drawing space (docs/behaviour.md §9), so a typed signature is stored like a drawn one. */
const WIDTH = 500;
const HEIGHT = 200;
const FONT_FAMILY = "DejaVu Serif Italic";

/** The font ships with the code (Bitstream Vera licence beside it): a server with no fonts installed must still sign. */
const FONT_IN_REPOSITORY = path.join("src", "server", "images", "fonts", "DejaVuSerif-Italic.ttf");

let fontFile: string | undefined;
/**
 * The font's path: this module runs from the sources (tests) or from the bundle under build/server,
 * so look upward from it for the repository's copy (the build does not copy files a server module reads).
 */
function signatureFont(): string {
  if (fontFile) return fontFile;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, FONT_IN_REPOSITORY);
    if (fs.existsSync(candidate)) return (fontFile = candidate);
    if (path.dirname(dir) === dir)
      throw new Error(`Signature font ${FONT_IN_REPOSITORY} not found above ${fileURLToPath(import.meta.url)}`);
  }
}

/** Pango markup treats these as markup; a name is text. */
const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A typed name as a signature image: the name in an italic serif, centred on a transparent
 * 500×200 PNG, as the signature pad draws it in the browser. Used when the financing form is
 * posted without JavaScript (no canvas to draw on), so the application and its PDF carry a
 * signature image either way.
 */
export async function renderTypedSignature(name: string): Promise<string> {
  const text = await sharp({
    text: {
      text: escapeMarkup(name.trim()),
      font: FONT_FAMILY,
      fontfile: signatureFont(),
      width: WIDTH - 40,
      height: 110,
      rgba: true,
      wrap: "none",
    },
  })
    .png()
    .toBuffer();
  const png = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .composite([{ input: text, gravity: "centre" }])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}
