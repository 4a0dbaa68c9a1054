// `npm run migrate`: applies pending database migrations (SQLite in DATA_DIR, or DATABASE_URL's
// PostgreSQL) and exits. The server also does this at start-up, under the same lock, so this is for
// deploy pipelines that migrate before rolling out new processes.
import { connectDatabase, migrateToLatest } from "~/server/db/database.server";
import { readEnv } from "~/server/env.server";
import { keepNewFilesPrivate } from "~/server/file-modes.server";

// What this writes is private to its user, as every entry point's files are, whatever the shell's umask.
keepNewFilesPrivate();

try {
  const env = readEnv();
  const { db, engine } = await connectDatabase(env);
  try {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `${engine}: applied ${applied.join(", ")}` : `${engine}: already up to date`);
  } finally {
    await db.destroy();
  }
} catch (error) {
  // One line, as the server prints a refused start-up: configuration errors name the variable, never a secret.
  console.error(`migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
