import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Comments say why in their own words, or cite a document in this repository (docs/behaviour.md,
 * docs/decisions/, the README): a reader of the repository cannot open a document kept elsewhere,
 * and a tracker's issue number says nothing once the issue is closed (it belongs in the commit message).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const FORBIDDEN: { pattern: RegExp; instead: string }[] = [
  { pattern: /\bspec\s*§|\bspec(?:ification)?\s+sections?\s+\d/i, instead: "cite docs/behaviour.md §N (same numbering) or say the rule" },
  { pattern: /\bDESIGN\.md\b/i, instead: "cite the docs/behaviour.md section that describes it" },
  { pattern: /dealership-spec/i, instead: "cite docs/behaviour.md" },
  { pattern: /\bthe spec(?:'s)?\b/i, instead: "cite docs/behaviour.md §N or say the rule" },
  { pattern: /\bissues?\s+#?\d+/i, instead: "say the reason in words; the issue number goes in the commit message" },
  { pattern: /(?:^|[\s(])#\d+\b/, instead: "say the reason in words; the issue number goes in the commit message" },
];

const DIRS = ["src", "tests", "bench", "scripts"];
const SKIP = new Set(["node_modules", "build", ".react-router", "fixtures"]);
const CODE = /\.(?:[cm]?[jt]sx?)$/;

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (CODE.test(entry.name) || entry.name.endsWith(".css")) out.push(full);
    }
  };
  for (const dir of DIRS) walk(path.join(root, dir));
  for (const entry of fs.readdirSync(root)) if (CODE.test(entry)) out.push(path.join(root, entry));
  return out;
}

/** Every comment in a file with the line it starts on: TypeScript's own scanner for code, a regular expression for CSS. */
function comments(file: string, text: string): { line: number; text: string }[] {
  const lineOf = (pos: number) => text.slice(0, pos).split("\n").length;
  if (file.endsWith(".css")) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ line: lineOf(m.index), text: m[0] }));
  const kind = /\.[cm]?tsx$|\.jsx$/.test(file) ? ts.ScriptKind.TSX : /\.[cm]?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, { line: number; text: string }>();
  const collect = (pos: number) => {
    for (const range of [...(ts.getLeadingCommentRanges(text, pos) ?? []), ...(ts.getTrailingCommentRanges(text, pos) ?? [])])
      seen.set(range.pos, { line: lineOf(range.pos), text: text.slice(range.pos, range.end) });
  };
  const visit = (node: ts.Node) => {
    collect(node.getFullStart());
    collect(node.getEnd());
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.entries()].sort(([a], [b]) => a - b).map(([, comment]) => comment);
}

describe("comments cite only documents in the repository", () => {
  it("finds comments in code, JSX and CSS, and not in strings", () => {
    const code = 'const a = "// issue 1"; // one\nconst b = <p>{/* two */}</p>; /* three */\n';
    expect(comments("x.tsx", code).map((c) => c.text)).toEqual(["// one", "/* two */", "/* three */"]);
    expect(comments("x.css", "a { color: red; } /* four */").map((c) => c.text)).toEqual(["/* four */"]);
  });

  it("no comment cites the outside spec, the outside design notes or an issue number", () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      const text = fs.readFileSync(file, "utf8");
      // Parsing is the slow part: only files where a pattern occurs at all (in code or comment) are parsed.
      if (!FORBIDDEN.some(({ pattern }) => pattern.test(text))) continue;
      for (const comment of comments(file, text)) {
        for (const { pattern, instead } of FORBIDDEN) {
          const match = pattern.exec(comment.text);
          if (match) found.push(`${path.relative(root, file)}:${comment.line}: "${match[0].trim()}": ${instead}`);
        }
      }
    }
    expect(found, `Comments citing documents outside the repository:\n${found.join("\n")}`).toEqual([]);
  });
});
