import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FileStoreDriver, StoredFile } from "./file-store.server";

/** A file being written is named `<name>.tmp-<random>` until it is complete; listings skip such names. */
const PARTIAL = /\.tmp(?:-[0-9a-f]+)?$/;

const missing = (error: unknown) => (error as { code?: string }).code === "ENOENT";

/** A folder's entries; none when the folder is not there (nothing was ever written under it). */
async function entriesOf(dir: string) {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (missing(error)) return [];
    throw error;
  }
}

/** Flushes a folder's entries (a renamed file's new name) to disk. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The folder driver (STORAGE=local): a key is a path under DATA_DIR. A file is written under a temporary
 * name, flushed, renamed into place and its folder flushed, so a crash or a full disk leaves the earlier
 * file or none, never part of one, and a file the database names is on disk before the row commits.
 */
export function createLocalFileStore(dataDir: string): FileStoreDriver {
  const fileOf = (key: string) => path.join(dataDir, ...key.split("/"));
  return {
    driver: "local",
    where: "DATA_DIR",
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const partial = `${file}.tmp-${crypto.randomBytes(6).toString("hex")}`;
      const handle = await fs.open(partial, "wx", 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.datasync();
      } catch (error) {
        await handle.close();
        await fs.rm(partial, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      await syncFolder(path.dirname(file));
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await fs.stat(fileOf(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileOf(key), { force: true })));
    },
    async *list(prefix) {
      const root = fileOf(`${prefix}x`).slice(0, -1);
      async function* walk(dir: string): AsyncGenerator<StoredFile> {
        for (const entry of await entriesOf(dir)) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (entry.isFile() && !PARTIAL.test(entry.name) && !entry.name.startsWith(".")) {
            const stat = await fs.stat(full).catch(() => null);
            if (stat) yield { key: path.relative(dataDir, full).split(path.sep).join("/"), size: stat.size, modifiedAt: stat.mtime };
          }
        }
      }
      yield* walk(root);
    },
    async sha256(key) {
      const bytes = await this.get(key);
      return bytes ? crypto.createHash("sha256").update(bytes).digest("hex") : null;
    },
    async removeAbandonedWrites(prefix, olderThan) {
      let removed = 0;
      async function sweep(dir: string): Promise<void> {
        for (const entry of await entriesOf(dir)) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await sweep(full);
          else if (entry.isFile() && PARTIAL.test(entry.name)) {
            const stat = await fs.stat(full).catch(() => null);
            if (stat && stat.mtime.getTime() < olderThan.getTime()) {
              await fs.rm(full, { force: true });
              removed += 1;
            }
          }
        }
      }
      await sweep(fileOf(`${prefix}x`).slice(0, -1));
      return removed;
    },
    async probe() {
      // What an upload needs: a new file created, flushed and removed (several processes may probe at once).
      const probe = path.join(dataDir, `.write-check-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
      const handle = await fs.open(probe, "wx", 0o600);
      try {
        await handle.writeFile("ok");
        await handle.datasync();
      } finally {
        await handle.close();
        await fs.rm(probe, { force: true });
      }
    },
  };
}
