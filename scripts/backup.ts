// `npm run backup [-- --to DIR]`: a consistent copy of the database and uploaded files while the site serves.
import path from "node:path";
import { parseArgs } from "node:util";
import { backupDataDir } from "~/server/backup/backup.server";
import { readEnv } from "~/server/env.server";
import { keepNewFilesPrivate } from "~/server/file-modes.server";

// The copy holds what the database holds (every shopper's contacts): private to its user, as every entry
// point's files are, whatever the shell's umask.
keepNewFilesPrivate();
const { values } = parseArgs({ options: { to: { type: "string" } } });
const env = readEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(values.to ?? path.join("backups", `backup-${stamp}`));
const result = await backupDataDir(env.dataDir, target);
console.log(`Backup written to ${result.dir} (database + ${result.files} files). Restore: see README "Backups".`);
