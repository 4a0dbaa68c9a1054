import crypto from "node:crypto";

/** Inline `<script …>` elements with their text, as rendered by React Router and React. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Re-keys a rendered document from its per-request nonce to hashes of its inline scripts,
 * so the same bytes can be served to everyone with an equally strict CSP: a script whose
 * text was not rendered by us still cannot run (docs/decisions/018-document-cache.md).
 */
export function toHashedDocument(html: string, nonce: string): { html: string; scriptHashes: string[] } {
  const withoutNonce = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const match of withoutNonce.matchAll(INLINE_SCRIPT)) {
    const [, attributes = "", text = ""] = match;
    if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes) || text.length === 0) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: withoutNonce, scriptHashes: [...hashes] };
}
