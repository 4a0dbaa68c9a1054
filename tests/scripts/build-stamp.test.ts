import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsCurrent, sourceHash, stampFile } from "../../scripts/build-stamp.js";

// A throwaway project tree: the stamp logic only reads files, so a small copy of the layout is enough.
let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function project() {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "build-stamp-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write("src/app/root.tsx", "export default 1;\n");
  write("src/shared/lib/format.ts", "export const x = 1;\n");
  write("vite.config.ts", "export default {};\n");
  write("react-router.config.ts", "export default {};\n");
  write("package-lock.json", "{}\n");
  write("build/server/index.js", "// built\n");
  return write;
}

describe("build stamp (server.js rebuilds when sources changed)", () => {
  it("a build is current only with a stamp that matches the sources", () => {
    const write = project();
    expect(buildIsCurrent(root)).toBe(false); // no stamp: an old build or one made before stamps
    fs.writeFileSync(stampFile(root), sourceHash(root));
    expect(buildIsCurrent(root)).toBe(true);

    write("src/shared/lib/format.ts", "export const x = 2;\n"); // git pull changed a source
    expect(buildIsCurrent(root)).toBe(false);
    fs.writeFileSync(stampFile(root), sourceHash(root));
    expect(buildIsCurrent(root)).toBe(true);
  });

  it("counts new files, the build configs and the lock file, but not files outside the inputs", () => {
    const write = project();
    const before = sourceHash(root);
    write("README.md", "docs only\n");
    write("tests/x.test.ts", "test only\n");
    expect(sourceHash(root)).toBe(before);
    for (const file of ["src/features/new/new.ts", "vite.config.ts", "react-router.config.ts", "package-lock.json"]) {
      const hash = sourceHash(root);
      write(file, `changed ${file}\n`);
      expect(sourceHash(root), file).not.toBe(hash);
    }
  });

  it("a missing server bundle is never current", () => {
    project();
    fs.writeFileSync(stampFile(root), sourceHash(root));
    fs.rmSync(path.join(root, "build/server/index.js"));
    expect(buildIsCurrent(root)).toBe(false);
  });
});
