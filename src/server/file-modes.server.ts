import fs from "node:fs";
import path from "node:path";

/**
 * What this program writes under DATA_DIR is its user's alone: files 0600, folders 0700. The database
 * and its WAL hold every shopper's name, phone and e-mail; the mail folder holds the mails themselves.
 */
export const PRIVATE_UMASK = 0o077;
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/**
 * Called first by every entry point that may create a file under DATA_DIR: the server (start-server),
 * `npm run staff`, `migrate`, `seed` and `backup`. One umask for all of them: a database first made by
 * `npm run staff` under a shell's umask 022 was 0644, and SQLite gives its -wal and -shm files the main
 * file's mode, so the server's own umask did not help.
 */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/** Narrows a path made before (an older version, another umask) to `mode`; a path that is absent or not ours is left alone. */
function tighten(file: string, mode: number): void {
  try {
    const stat = fs.statSync(file);
    if ((stat.mode & 0o777 & ~mode) !== 0 && stat.uid === process.getuid?.()) fs.chmodSync(file, mode & stat.mode);
  } catch {
    // Absent, or on storage that refuses chmod: nothing to tighten here.
  }
}

/** The SQLite file and its WAL and shared-memory files, before they are opened (SQLite copies the main file's mode to the others). */
export function tightenDatabaseFiles(file: string): void {
  for (const name of [file, `${file}-wal`, `${file}-shm`]) tighten(name, PRIVATE_FILE);
}

/**
 * DATA_DIR, the folders the server writes in it (images, mail, private documents, the vPIC cache) and
 * the master key, made before under a looser umask.
 */
export function tightenDataDir(dataDir: string): void {
  tighten(dataDir, PRIVATE_FOLDER);
  for (const folder of ["images", "mail", "private", "cache"]) tighten(path.join(dataDir, folder), PRIVATE_FOLDER);
  tighten(path.join(dataDir, "master.key"), PRIVATE_FILE);
}
