/**
 * Text for pdf-lib's standard fonts, which encode only WinAnsi: shared by every PDF the server
 * writes (the financing application, the deal sheet).
 */
/** WinAnsi's characters outside Latin-1 (0x80-0x9F). */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
/** Letters that Unicode does not decompose into a base letter plus an accent. */
const BASE_LETTER: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", Ŧ: "T", ŧ: "t" };

/** The standard fonts only encode WinAnsi: keep what it has, strip other accents, replace the rest. */
export function pdfSafe(text: string): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || ch === "\n" || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === "\t") out += " ";
    else {
      const stripped = BASE_LETTER[ch] ?? ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += /^[\x20-\x7e]+$/.test(stripped) ? stripped : "?";
    }
  }
  return out;
}
