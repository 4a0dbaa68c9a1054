import sharp from "sharp";
import { validApplicationInput } from "~/features/financing/financing-test-data";
import type { CapturedMail } from "./smtp-capture";

/** A valid financing application with real PNG signature and JPEG license. */
export async function financingApplicationBody(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const png = await sharp({ create: { width: 400, height: 150, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  const jpg = await sharp({ create: { width: 300, height: 190, channels: 3, background: "#88aacc" } })
    .jpeg()
    .toBuffer();
  return validApplicationInput(
    { signature: `data:image/png;base64,${png.toString("base64")}`, driverLicense: `data:image/jpeg;base64,${jpg.toString("base64")}` },
    overrides,
  );
}

/**
 * Reads an iCalendar file the way RFC 5545 defines it: unfolds continuation lines, splits
 * each into name, parameters and value, and checks BEGIN/END nest. Throws when it does not parse.
 */
export function parseIcs(text: string): { components: string[]; props: Record<string, { params: string; value: string }[]> } {
  if (!/\r\n$/.test(text)) throw new Error("iCalendar lines must end with CRLF");
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .slice(0, -1);
  const stack: string[] = [];
  const components: string[] = [];
  const props: Record<string, { params: string; value: string }[]> = {};
  for (const line of lines) {
    const match = /^([A-Z0-9-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    if (!match) throw new Error(`Not a content line: ${line}`);
    const [, name, params, value] = match;
    if (name === "BEGIN") {
      stack.push(value!);
      components.push(value!);
    } else if (name === "END") {
      if (stack.pop() !== value) throw new Error(`END:${value} does not close ${stack.at(-1)}`);
    } else (props[name!] ??= []).push({ params: params!, value: value! });
  }
  if (stack.length) throw new Error(`Unclosed ${stack.join(", ")}`);
  return { components, props };
}

export const subjects = (mails: CapturedMail[]) => mails.map((m) => m.parsed.subject ?? "").sort();
export const recipients = (m: CapturedMail) => m.envelopeTo.join(",");
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
