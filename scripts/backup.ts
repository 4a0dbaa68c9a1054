// `npm run backup [-- --to DIR]`: a consistent copy of the database and uploaded files while the site serves.
import path from "node:path";
import { parseArgs } from "node:util";
import { backupDataDir } from "~/server/backup/backup.server";
import { readEnv } from "~/server/env.server";

// The copy holds what the database holds (every shopper's contacts): private to its user, as the server
// makes its own files (server.js), whatever the shell's umask.
process.umask(0o077);
const { values } = parseArgs({ options: { to: { type: "string" } } });
const env = readEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(values.to ?? path.join("backups", `backup-${stamp}`));
const result = await backupDataDir(env.dataDir, target);
console.log(`Backup written to ${result.dir} (database + ${result.files} files). Restore: see README "Backups".`);
