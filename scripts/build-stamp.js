// The build's source stamp: a hash of everything that goes into `build/`, so `npm start` (server.js)
// rebuilds after `git pull` or an edit, not only when build/ is missing. Written by the Vite plugin
// in vite.config.ts at the end of every server build, read by server.js.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What the build reads: the sources, the two build configs and the exact dependency versions. */
const INPUTS = ["src", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

/** Where the stamp lives: inside build/server, which every build empties first, so a failed build leaves none. */
export const stampFile = (root) => path.join(root, "build/server/.source-hash");

function listFiles(absolute) {
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return [absolute];
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => listFiles(path.join(absolute, entry.name)));
}

/** SHA-256 over every input's path and content (~250 files and the lock file: ~260 ms measured on a busy 2-core machine). */
export function sourceHash(root) {
  const hash = crypto.createHash("sha256");
  const files = INPUTS.flatMap((input) => listFiles(path.join(root, input))).sort();
  for (const file of files)
    hash
      .update(`${path.relative(root, file)}\0`)
      .update(fs.readFileSync(file))
      .update("\0");
  return hash.digest("hex");
}

/** True when build/ holds a server bundle built from exactly the current sources. */
export function buildIsCurrent(root) {
  const stamp = stampFile(root);
  return (
    fs.existsSync(path.join(root, "build/server/index.js")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === sourceHash(root)
  );
}
