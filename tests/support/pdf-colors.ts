import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFRef, type PDFObject } from "pdf-lib";

/** A colour operator found in a page's content stream: its operands and its name (rg, RG, g, G, k, K, sc, scn, SC, SCN). */
export type ColourOperator = { operator: string; operands: number[] };

/**
 * Every colour-setting operator in every page's content streams, decompressed (pdf-lib decodes the
 * Flate streams it wrote): the evidence that a document is printed in black only.
 */
export async function colourOperators(bytes: Uint8Array): Promise<ColourOperator[]> {
  const doc = await PDFDocument.load(bytes);
  const out: ColourOperator[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    for (const item of streams) {
      const stream = item instanceof PDFRef ? doc.context.lookup(item) : item;
      if (!(stream instanceof PDFRawStream)) continue;
      const text = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
      // Text strings are skipped so their words never read as operators.
      const code = text.replace(/\((?:\\.|[^\\)])*\)/g, "()").replace(/<[0-9A-Fa-f\s]*>/g, "<>");
      for (const match of code.matchAll(/((?:-?\d*\.?\d+\s+){1,4})(rg|RG|g|G|k|K|scn|SCN|sc|SC)\b/g)) {
        out.push({ operator: match[2]!, operands: match[1]!.trim().split(/\s+/).map(Number) });
      }
    }
  }
  return out;
}

/** Whether an operator sets black: gray 0, RGB 0 0 0, CMYK 0 0 0 1. */
export function isBlack({ operator, operands }: ColourOperator): boolean {
  if (operator === "g" || operator === "G") return operands.length === 1 && operands[0] === 0;
  if (operator === "rg" || operator === "RG") return operands.length === 3 && operands.every((v) => v === 0);
  if (operator === "k" || operator === "K") return operands.length === 4 && operands.slice(0, 3).every((v) => v === 0) && operands[3] === 1;
  // sc/scn depend on the colour space set before them: this generator never uses them.
  return false;
}
