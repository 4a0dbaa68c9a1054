import fs from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { copyFiles } from "~/server/storage/copy-files.server";
import { createFileStore, type FileStore } from "~/server/storage/file-store.server";

export type BackupResult = { dir: string; database: string; files: number };

/** Folders under DATA_DIR whose files belong in a backup (photos, encrypted documents) plus the master key. */
const COPIED_DIRS = ["images", "private"];
const COPIED_FILES = ["master.key"];

/**
 * Makes a consistent copy of DATA_DIR while the site keeps serving: `VACUUM INTO` writes
 * a transactionally consistent snapshot of the database (WAL included) and the content-
 * addressed and encrypted files are copied beside it. Files are written once and never
 * changed in place, so copying them after the snapshot cannot miss a referenced file
 * except one created after the snapshot — which the snapshot does not reference.
 */
export async function backupDataDir(dataDir: string, targetDir: string, files?: FileStore): Promise<BackupResult> {
  await fs.mkdir(targetDir, { recursive: true });
  const database = path.join(targetDir, "dealership.sqlite");
  await fs.rm(database, { force: true });
  const source = new DatabaseSync(path.join(dataDir, "dealership.sqlite"), { timeout: 10_000, readOnly: true });
  try {
    source.prepare("VACUUM INTO ?").run(database);
  } finally {
    source.close();
  }
  let copied = 0;
  // Files in a bucket (STORAGE=s3) are copied out of it into the backup's images/ and private/, verified
  // (decision 120): the backup restores onto either driver.
  if (files?.driver === "s3") {
    const result = await copyFiles(files, createFileStore({ driver: "local" }, targetDir));
    copied += result.copied + result.alreadyThere;
  }
  for (const dir of files?.driver === "s3" ? [] : COPIED_DIRS) {
    const from = path.join(dataDir, dir);
    if (!(await exists(from))) continue;
    await fs.cp(from, path.join(targetDir, dir), { recursive: true, force: false, errorOnExist: false });
    copied += (await fs.readdir(from)).length;
  }
  for (const file of COPIED_FILES) {
    const from = path.join(dataDir, file);
    if (await exists(from)) await fs.copyFile(from, path.join(targetDir, file));
  }
  const check = new DatabaseSync(database, { readOnly: true });
  try {
    const result = check.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
    if (result.integrity_check !== "ok") throw new Error(`Backup failed its integrity check: ${result.integrity_check}`);
  } finally {
    check.close();
  }
  return { dir: targetDir, database, files: copied };
}

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );
