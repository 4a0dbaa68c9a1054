import crypto from "node:crypto";
import { FILE_PREFIXES, type FileStore } from "./file-store.server";

export type CopyProgress = { key: string; outcome: "copied" | "already there" };

export type CopyResult = { copied: number; alreadyThere: number; removedFromSource: number };

/** A copy whose read-back did not match what was read from the source: nothing is removed, the run stops. */
export class CopyVerificationError extends Error {}

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", enc: "application/octet-stream" };
const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

/**
 * Copies every file of the site (images/ and private/) from one store to the other, key for key
 * (`npm run storage`, decision 120). Resumable: a file already in the target with the source's SHA-256
 * is skipped, so a run stopped half-way (or run again) continues where it was. Verified: each file is
 * read back from the target and its SHA-256 compared with the source's before it counts as copied.
 * With `removeSource`, each file is removed from the source only after every file has been copied and
 * verified (a move); without it the source is left as it was (a copy, to check before switching over).
 */
export async function copyFiles(
  source: FileStore,
  target: FileStore,
  { removeSource = false, onProgress }: { removeSource?: boolean; onProgress?: (progress: CopyProgress) => void } = {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, alreadyThere: 0, removedFromSource: 0 };
  const done: string[] = [];
  for (const prefix of FILE_PREFIXES) {
    for await (const file of source.list(prefix)) {
      const bytes = await source.get(file.key);
      // Listed, then removed by the site before it was read: nothing to copy.
      if (!bytes) continue;
      const expected = sha256(bytes);
      if ((await target.sha256(file.key)) === expected) {
        result.alreadyThere++;
        done.push(file.key);
        onProgress?.({ key: file.key, outcome: "already there" });
        continue;
      }
      await target.put(file.key, bytes, CONTENT_TYPES[file.key.slice(file.key.lastIndexOf(".") + 1)]);
      const readBack = await target.get(file.key);
      if (!readBack || sha256(readBack) !== expected)
        throw new CopyVerificationError(`${file.key}: the copy in ${target.where} does not match`);
      result.copied++;
      done.push(file.key);
      onProgress?.({ key: file.key, outcome: "copied" });
    }
  }
  if (removeSource) {
    await source.remove(done);
    result.removedFromSource = done.length;
  }
  return result;
}
