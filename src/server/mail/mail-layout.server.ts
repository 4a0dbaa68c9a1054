import { businessProfile } from "~/shared/config/business-profile";

/**
 * One mail body rendered twice, as plain text and as simple HTML, from the same blocks,
 * so both always say the same. Every shopper mail ends with the dealership's name, postal
 * address and phone (transactional mail, never marketing).
 */
export type MailBlock =
  | { type: "paragraph"; text: string }
  /** `href`: the value is a link in the HTML part (tel:, mailto:, a page); the text part shows the value, then a URL in brackets. */
  | { type: "fields"; rows: ReadonlyArray<readonly [label: string, value: string, href?: string]> }
  | { type: "link"; label: string; href: string }
  /**
   * Text someone else wrote, of several lines (a shopper's message, notes): under its label, every line
   * quoted ("> " in the text part, a blockquote in HTML), so no line of it can pass for one of the mail's
   * own ("Phone: …", "Open in the dashboard: …"). A field's value of several lines is shown the same way.
   */
  | { type: "quote"; label: string; text: string }
  /** A sub-heading inside the body (a digest's sections). */
  | { type: "heading"; text: string }
  /** A vehicle: its photo (an absolute URL) and name linking to its page, then short lines (price, mileage, what changed). */
  | { type: "vehicle"; name: string; href: string; photo: string | null; photoAlt: string; lines: string[] };

export type RenderedMail = { text: string; html: string };

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const htmlLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, "<br>");
const quotedLines = (text: string) => text.split(/\r\n|\r|\n/).map((line) => (line ? `> ${line}` : ">"));
const isMultiline = (text: string) => /[\r\n]/.test(text);
const BLOCKQUOTE = '<blockquote style="margin:0 0 12px;padding:0 0 0 12px;border-left:3px solid #d1d5db">';

/** The dealership's signature lines: name, postal address, phone. */
export function dealershipSignature(): string[] {
  const a = businessProfile.address;
  return [businessProfile.name, `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`, businessProfile.phone];
}

/**
 * `lang`: the mail's language as a BCP 47 tag (the shopper's, for screen readers and translators).
 * `firstLine`: a line above the heading, the first thing a mail preview shows (a staff mail's
 * "Shopper wrote in Spanish").
 */
export function renderMail(
  heading: string,
  blocks: MailBlock[],
  footer: string[] = dealershipSignature(),
  lang = "en-US",
  firstLine?: string,
): RenderedMail {
  const text: string[] = [...(firstLine ? [firstLine, ""] : []), heading, ""];
  const html: string[] = [
    `<!doctype html><html lang="${escapeHtml(lang)}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">`,
    ...(firstLine ? [`<p style="margin:0 0 8px;font-weight:600">${escapeHtml(firstLine)}</p>`] : []),
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
  ];
  for (const block of blocks) {
    if (block.type === "paragraph") {
      text.push(block.text, "");
      html.push(`<p>${htmlLines(block.text)}</p>`);
    } else if (block.type === "fields") {
      // A tel: or mailto: value already is what it links to; a page's URL is spelled out. A value of
      // several lines is quoted under its label.
      for (const [label, value, href] of block.rows) {
        if (isMultiline(value)) text.push(`${label}:`, ...quotedLines(value));
        else text.push(`${label}: ${value}${href && /^https?:/.test(href) ? ` <${href}>` : ""}`);
      }
      text.push("");
      html.push(
        `<table style="border-collapse:collapse">${block.rows
          .map(
            ([label, value, href]) =>
              `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:2px 0">${
                href
                  ? `<a href="${escapeHtml(href)}" style="color:#b91c1c">${htmlLines(value)}</a>`
                  : isMultiline(value)
                    ? `${BLOCKQUOTE}${htmlLines(value)}</blockquote>`
                    : htmlLines(value)
              }</td></tr>`,
          )
          .join("")}</table>`,
      );
    } else if (block.type === "quote") {
      text.push(block.label.endsWith(":") ? block.label : `${block.label}:`, ...quotedLines(block.text), "");
      html.push(`<p style="margin:0"><strong>${escapeHtml(block.label)}</strong></p>${BLOCKQUOTE}${htmlLines(block.text)}</blockquote>`);
    } else if (block.type === "heading") {
      text.push(block.text.toUpperCase(), "");
      html.push(`<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(block.text)}</h2>`);
    } else if (block.type === "vehicle") {
      text.push(block.name, ...block.lines, block.href, "");
      html.push(
        `<table style="border-collapse:collapse;margin:8px 0 16px"><tr>${
          block.photo
            ? `<td style="padding:0 12px 0 0;vertical-align:top"><a href="${escapeHtml(block.href)}"><img src="${escapeHtml(block.photo)}" alt="${escapeHtml(block.photoAlt)}" width="200" style="display:block;width:200px;max-width:100%;height:auto;border-radius:6px"></a></td>`
            : ""
        }<td style="vertical-align:top"><a href="${escapeHtml(block.href)}" style="color:#b91c1c;font-weight:700;font-size:16px">${escapeHtml(block.name)}</a>${block.lines
          .map((line) => `<div style="margin-top:4px">${htmlLines(line)}</div>`)
          .join("")}</td></tr></table>`,
      );
    } else {
      text.push(`${block.label}: ${block.href}`, "");
      html.push(`<p><a href="${escapeHtml(block.href)}" style="color:#b91c1c">${escapeHtml(block.label)}</a></p>`);
    }
  }
  text.push("--", ...footer);
  html.push(`<hr><p style="font-size:13px;color:#4b5563">${footer.map(escapeHtml).join("<br>")}</p></body></html>`);
  return { text: text.join("\n"), html: html.join("\n") };
}
