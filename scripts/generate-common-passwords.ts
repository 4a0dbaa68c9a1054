// Run once (`npx tsx scripts/generate-common-passwords.ts`) to regenerate
// src/server/auth/common-passwords.json: the password policy's list of common passwords
// (NIST SP 800-63B §3.1.1.2), taken from @zxcvbn-ts/language-common's ranked dictionary
// (a devDependency: the data file is committed, so the server needs no such package).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dictionary } from "@zxcvbn-ts/language-common";

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/server/auth/common-passwords.json");
const ranked = (dictionary as Record<string, string[]>)["passwords-common"];
if (!ranked || ranked.length < 10_000) throw new Error("@zxcvbn-ts/language-common has no passwords-common list of ≥ 10,000 entries");
const unique = [...new Set(ranked.map((p) => p.toLowerCase()))];
fs.writeFileSync(out, `${JSON.stringify(unique)}\n`);
console.log(`Wrote ${unique.length} common passwords to ${path.relative(process.cwd(), out)}`);
