// `npm run backup [-- --to DIR]`: a consistent copy of the database and uploaded files while the site serves.
import path from "node:path";
import { parseArgs } from "node:util";
import { backupDataDir } from "~/server/backup/backup.server";
import { readEnv } from "~/server/env.server";
import { keepNewFilesPrivate } from "~/server/file-modes.server";
import { createFileStore } from "~/server/storage/file-store.server";

// The copy holds what the database holds (every shopper's contacts): private to its user, as every entry
// point's files are, whatever the shell's umask.
keepNewFilesPrivate();
const { values } = parseArgs({ options: { to: { type: "string" } } });
const env = readEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(values.to ?? path.join("backups", `backup-${stamp}`));
// With STORAGE=s3 the photos and documents come out of the bucket into the backup folder.
const result = await backupDataDir(env.dataDir, target, createFileStore(env.storage, env.dataDir));
console.log(`Backup written to ${result.dir} (database + ${result.files} files). Restore: see README "Backups".`);
