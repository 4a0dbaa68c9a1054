import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliWindowBits, precompress, precompressedResponse, preferredEncoding } from "./precompressed.server";

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("br;q=0.0, gzip;q=0")).toBe("identity");
    expect(preferredEncoding("*")).toBe("gzip");
    expect(preferredEncoding("")).toBe("identity");
    expect(preferredEncoding(null)).toBe("identity");
  });
});

describe("precompressedResponse", () => {
  it("sends the body the request accepts, each decoding to the same text", async () => {
    const text = "<urlset>" + "<url>x</url>".repeat(500) + "</urlset>";
    const body = await precompress(text);
    for (const [accept, decode] of [
      ["br", zlib.brotliDecompressSync],
      ["gzip", zlib.gunzipSync],
      ["", (b: Buffer) => b],
    ] as const) {
      const res = precompressedResponse(new Request("http://x/", { headers: { "accept-encoding": accept } }), body, {
        "Content-Type": "application/xml",
      });
      expect(res.headers.get("content-encoding")).toBe(accept || null);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(decode(Buffer.from(await res.arrayBuffer())).toString()).toBe(text);
    }
  });
});

describe("brotliWindowBits", () => {
  it("is just large enough for the body, between brotli's 16 and 24 bits", () => {
    expect(brotliWindowBits(100)).toBe(16);
    expect(brotliWindowBits(65_535)).toBe(16);
    expect(brotliWindowBits(65_536)).toBe(17);
    expect(brotliWindowBits(188_000)).toBe(18);
    expect(brotliWindowBits(50_000_000)).toBe(24);
  });
});
