import { hashPassword, SCRYPT_PARAMS } from "~/server/auth/password-hash.server";
import { passwordPolicyError } from "~/server/auth/password-policy.server";
import type { AppContext } from "~/server/context.server";
import { EnvError } from "~/server/env.server";
import { countStaffAccounts, insertStaffAccount } from "~/server/data/staff-accounts.server";

/** Outside production, with no account and no ADMIN_EMAIL/ADMIN_PASSWORD (README: Staff accounts). */
export const DEMO_OWNER = { email: "owner@example.com", name: "Demo Owner", password: "demo-motors-owner-2026" } as const;
/**
 * hashPassword(DEMO_OWNER.password), made once: the password is public anyway, and every
 * fresh development or test server would otherwise spend a 128 MiB scrypt at start-up.
 */
export const DEMO_OWNER_HASH = "$scrypt$v=1$ln=17,r=8,p=1$pdLOB_Vni3gNg4-ICbxBRQ$KV_CLf1DSGGK7iMOktvUvkLqjlUEPjvRGQLNmdCtKVM";

/**
 * Refuses to start in production without a way in: no account and no ADMIN_EMAIL +
 * ADMIN_PASSWORD, or an ADMIN_PASSWORD the policy refuses. Called before anything listens.
 */
export function assertStaffConfig(env: AppContext["env"]): void {
  if (Boolean(env.adminEmail) !== Boolean(env.adminPassword)) throw new EnvError("ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  if (env.adminPassword) {
    const weak = passwordPolicyError(env.adminPassword, env.adminEmail);
    if (weak) throw new EnvError(`ADMIN_PASSWORD is refused by the password policy: ${weak}`);
  }
}

/**
 * With no account in the database: the owner from ADMIN_EMAIL + ADMIN_PASSWORD, or (outside
 * production) the demo owner. Either enrolls a second factor at first sign-in like anyone else.
 */
export async function ensureFirstOwner(ctx: AppContext): Promise<"existing" | "from-env" | "demo"> {
  assertStaffConfig(ctx.env);
  if ((await countStaffAccounts(ctx.db)) > 0) return "existing";
  if (ctx.env.adminEmail && ctx.env.adminPassword) {
    await insertStaffAccount(ctx.db, {
      email: ctx.env.adminEmail,
      name: "Owner",
      role: "owner",
      passwordHash: await hashPassword(ctx.env.adminPassword, ctx.env.passwordHashParams),
    });
    return "from-env";
  }
  if (ctx.env.isProduction) {
    throw new EnvError("No staff account exists: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first owner (NODE_ENV=production)");
  }
  // The made-once hash has production's cost; a test server with a lower one hashes the demo password its way.
  const passwordHash =
    ctx.env.passwordHashParams.logN === SCRYPT_PARAMS.logN
      ? DEMO_OWNER_HASH
      : await hashPassword(DEMO_OWNER.password, ctx.env.passwordHashParams);
  await insertStaffAccount(ctx.db, { email: DEMO_OWNER.email, name: DEMO_OWNER.name, role: "owner", passwordHash });
  return "demo";
}
