import { describe, expect, it } from "vitest";
import { FormTooLargeError, readFormData } from "./form-post.server";

const BOUNDARY = "----form-post-test";

function multipart(parts: { name: string; value?: string; file?: { filename: string; type: string; bytes: Buffer } }[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}`
      : `form-data; name="${part.name}"`;
    pieces.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      part.file?.bytes ?? Buffer.from(part.value ?? ""),
      Buffer.from("\r\n"),
    );
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

/** A request whose body is pulled in 64 KB chunks, counting what the reader took. */
function streamed(body: Buffer, contentType: string) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= body.length) return controller.close();
      const chunk = body.subarray(pulled, pulled + 64 * 1024);
      pulled += chunk.length;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  const request = new Request("http://localhost/trade-in", {
    method: "POST",
    headers: { "content-type": contentType },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

describe("readFormData", () => {
  it("reads urlencoded and multipart forms, files with their names, types and bytes, in order", async () => {
    const urlencoded = await readFormData(
      new Request("http://localhost/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "firstName=Ana&message=Ol%C3%A1%0Aali",
      }),
      { maxBytes: 1024 },
    );
    expect(urlencoded.get("firstName")).toBe("Ana");
    expect(urlencoded.get("message")).toBe("Olá\nali");

    const body = multipart([
      { name: "make", value: "Honda" },
      { name: "photos", file: { filename: "a.jpg", type: "image/jpeg", bytes: Buffer.from([0xff, 0xd8, 0xff, 1]) } },
      { name: "photos", file: { filename: "b.png", type: "image/png", bytes: Buffer.from([0x89, 0x50]) } },
      { name: "photos", file: { filename: "", type: "application/octet-stream", bytes: Buffer.alloc(0) } },
    ]);
    const form = await readFormData(streamed(body, multipartType).request, { maxBytes: 1024 * 1024, maxFiles: 3 });
    expect(form.get("make")).toBe("Honda");
    const files = form.getAll("photos") as File[];
    expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
      ["a.jpg", "image/jpeg", 4],
      ["b.png", "image/png", 2],
      ["", "application/octet-stream", 0],
    ]);
    expect(Buffer.from(await files[0]!.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0xff, 1]));
  });

  it("refuses 150,000 empty parts at the first cap crossed (the 12th file), parsing nothing after it", async () => {
    const body = multipart(
      Array.from({ length: 150_000 }, () => ({ name: "photos", file: { filename: "x.jpg", type: "image/jpeg", bytes: Buffer.alloc(0) } })),
    );
    expect(body.length).toBeGreaterThan(15 * 1024 * 1024);
    const { request, pulled } = streamed(body, multipartType);
    const started = performance.now();
    await expect(readFormData(request, { maxBytes: 40 * 1024 * 1024, maxFiles: 11 })).rejects.toThrow("Too many files");
    // A generous bound for a loaded machine: the whole body took seconds to parse. The rest is taken
    // off the connection unparsed, so the client gets the answer rather than a reset.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(pulled()).toBe(body.length);
  });

  it.each([
    ["too many text fields", "a=1&".repeat(101), { maxBytes: 100_000 }],
    ["a field past its size", `message=${"x".repeat(33 * 1024)}`, { maxBytes: 100_000 }],
    ["a body past its cap", `message=${"x".repeat(2000)}`, { maxBytes: 1000, maxFieldBytes: 100_000 }],
    ["a body past its cap, sent without a length", `message=${"x".repeat(200_000)}`, { maxBytes: 100_000, maxFieldBytes: 300_000 }],
  ])("refuses %s", async (_name, body, limits) => {
    const { request } = streamed(Buffer.from(body), "application/x-www-form-urlencoded");
    await expect(readFormData(request, limits)).rejects.toBeInstanceOf(FormTooLargeError);
  });

  it("refuses a file past its size and a file where the form takes none", async () => {
    const big = multipart([{ name: "photos", file: { filename: "a.jpg", type: "image/jpeg", bytes: Buffer.alloc(2048) } }]);
    await expect(
      readFormData(streamed(big, multipartType).request, { maxBytes: 1e6, maxFiles: 1, maxFileBytes: 1024 }),
    ).rejects.toBeInstanceOf(FormTooLargeError);
    await expect(readFormData(streamed(big, multipartType).request, { maxBytes: 1e6 })).rejects.toBeInstanceOf(FormTooLargeError);
  });

  it("reads a malformed body, or one of another type, as an empty form", async () => {
    const cut = multipart([{ name: "make", value: "Honda" }]).subarray(0, 30);
    expect([...(await readFormData(streamed(cut, multipartType).request, { maxBytes: 1e6 })).keys()]).toEqual([]);
    expect([...(await readFormData(streamed(Buffer.from("make=Honda"), "text/plain").request, { maxBytes: 1e6 })).keys()]).toEqual([]);
  });
});
