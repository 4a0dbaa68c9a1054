import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** docs/decisions/README.md lists every record, so a newcomer can trust the index (and its gaps). */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/decisions");
const index = fs.readFileSync(path.join(dir, "README.md"), "utf8");
const records = fs
  .readdirSync(dir)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort();

/** The index row a record needs, from its own title, Status and Date lines. */
function rowFor(file: string): string {
  const lines = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
  const title = (lines[0] ?? "")
    .replace(/^#\s*\d{3}\s*[—.:-]\s*/, "")
    .replace(/\|/g, "/")
    .trim();
  const field = (name: string) =>
    lines
      .find((l) => l.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? "?";
  const status = /^superseded/i.test(field("status")) ? "Superseded" : "Accepted";
  return `| [${file.slice(0, 3)}](${file}) | ${title} | ${status} | ${field("date")} |  |`;
}

describe("the decisions index", () => {
  it("lists every docs/decisions/NNN-*.md file", () => {
    const missing = records.filter((file) => !index.includes(`](${file})`));
    expect(
      missing,
      `Add these rows to the table in docs/decisions/README.md (in number order):\n${missing.map(rowFor).join("\n")}\n`,
    ).toEqual([]);
  });

  it("links only to records that exist, each once", () => {
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]!);
    expect(
      linked.filter((file) => !records.includes(file)),
      "index rows whose file does not exist",
    ).toEqual([]);
    expect(
      linked.filter((file, i) => linked.indexOf(file) !== i),
      "files listed twice",
    ).toEqual([]);
  });

  it("every record has a Status and a Date line", () => {
    const incomplete = records.filter((file) => {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      return !/^Status: \S/m.test(text) || !/^Date: \d{4}-\d{2}-\d{2}/m.test(text);
    });
    expect(incomplete, "records without `Status:` or `Date: YYYY-MM-DD`").toEqual([]);
  });
});
