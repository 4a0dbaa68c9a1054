// `npm run staff -- add --email E --name N --role R` and `npm run staff -- reset --email E`:
// staff accounts from the command line, for the first hire and for the owner who lost their
// phone or password (README: Staff accounts). Prints a one-time setup link built from PUBLIC_URL.
import { parseArgs } from "node:util";
import { addStaffFromCli, resetStaffFromCli } from "~/features/staff/staff-management.server";
import type { AppContext } from "~/server/context.server";
import { connectDatabase, migrateToLatest } from "~/server/db/database.server";
import { readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { loadSecrets } from "~/server/secrets.server";
import { STAFF_ROLES } from "~/shared/staff/staff-roles";
import { keepNewFilesPrivate } from "~/server/file-modes.server";

// A database this creates (the first hire, before the server ever ran) is private to its user.
keepNewFilesPrivate();

const USAGE = `Usage:
  npm run staff -- add --email E --name N --role ${STAFF_ROLES.join("|")}
  npm run staff -- reset --email E`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
});
const command = positionals[0];
if ((command !== "add" && command !== "reset") || !values.email) {
  console.error(USAGE);
  process.exit(2);
}

const env = readEnv();
const { db } = await connectDatabase(env);
await migrateToLatest(db);
const ctx: AppContext = { env, db, logger: createLogger("warn"), secrets: loadSecrets(env.dataDir) };
const result =
  command === "add"
    ? await addStaffFromCli(ctx, { email: values.email, name: values.name ?? "", role: values.role ?? "" })
    : await resetStaffFromCli(ctx, values.email);
await db.destroy();
if (result.kind === "error") {
  console.error(result.message);
  process.exit(1);
}
console.log(
  command === "add"
    ? `Account created. Send this one-time setup link (valid 24 hours) to the person:\n${result.setupUrl}`
    : `Password and second factor cleared; sessions ended. One-time setup link (valid 24 hours):\n${result.setupUrl}`,
);
