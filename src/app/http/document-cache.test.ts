import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { toHashedDocument } from "./document-cache.server";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("toHashedDocument", () => {
  it("drops the nonce and lists a hash of each inline executable script", () => {
    const html =
      `<link rel="modulepreload" href="/assets/a.js" nonce="N1"/>` +
      `<script nonce="N1">window.__ctx = {"a":1}</script>` +
      `<script nonce="N1" type="module" async="">import "/assets/a.js";</script>` +
      `<script type="application/ld+json" nonce="N1">{"@type":"Car"}</script>` +
      `<script nonce="N1" src="/assets/b.js"></script>`;
    const { html: out, scriptHashes } = toHashedDocument(html, "N1");
    expect(out).not.toContain("nonce=");
    expect(scriptHashes).toEqual([sha(`window.__ctx = {"a":1}`), sha(`import "/assets/a.js";`)]);
  });

  it("lists each distinct script once", () => {
    const { scriptHashes } = toHashedDocument(`<script nonce="x">a()</script><script nonce="x">a()</script>`, "x");
    expect(scriptHashes).toEqual([sha("a()")]);
  });
});
