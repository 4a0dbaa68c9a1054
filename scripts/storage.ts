// `npm run storage -- copy --to s3|local [--remove-source]`: moves the site's files between DATA_DIR and
// the bucket named by the S3_* variables, resumable and verified by SHA-256 (README: Object storage,
// docs/decisions/120-files-in-a-folder-or-an-s3-bucket.md).
import { parseArgs } from "node:util";
import { EnvError, readEnv } from "~/server/env.server";
import { keepNewFilesPrivate } from "~/server/file-modes.server";
import { copyFiles } from "~/server/storage/copy-files.server";
import { createFileStore } from "~/server/storage/file-store.server";

const USAGE = "usage: npm run storage -- copy --to s3|local [--remove-source]";

// Files copied into DATA_DIR are private to this user, as the server's are.
keepNewFilesPrivate();
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { to: { type: "string" }, "remove-source": { type: "boolean", default: false } },
});
if (positionals[0] !== "copy" || (values.to !== "s3" && values.to !== "local")) {
  console.error(USAGE);
  process.exit(2);
}
let env;
try {
  // The bucket's variables are read as the server reads them with STORAGE=s3, whatever STORAGE says now.
  env = readEnv({ ...process.env, STORAGE: "s3" });
} catch (error) {
  console.error(error instanceof EnvError ? error.message : String(error));
  process.exit(1);
}
const folder = createFileStore({ driver: "local" }, env.dataDir);
const bucket = createFileStore(env.storage, env.dataDir);
const [source, target] = values.to === "s3" ? [folder, bucket] : [bucket, folder];
console.log(
  `Copying the site's files from ${source.where} to ${target.where}${values["remove-source"] ? ", then removing them from the source" : ""}.`,
);
try {
  const result = await copyFiles(source, target, {
    removeSource: values["remove-source"],
    onProgress: ({ key, outcome }) => console.log(`${outcome}: ${key}`),
  });
  console.log(
    `Done: ${result.copied} copied and verified, ${result.alreadyThere} already there` +
      (values["remove-source"] ? `, ${result.removedFromSource} removed from ${source.where}` : "") +
      ".",
  );
} catch (error) {
  console.error(`Stopped: ${(error as Error).message}. Run the same command again to continue where it stopped.`);
  process.exit(1);
}
