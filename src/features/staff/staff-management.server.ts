import { z } from "zod";
import { hashPassword } from "~/server/auth/password-hash.server";
import { passwordPolicyError } from "~/server/auth/password-policy.server";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import {
  countActiveOwners,
  EmailTakenError,
  findStaffAccount,
  findStaffAccountByEmail,
  insertStaffAccount,
  listStaffAccounts,
  summarizeStaffAccount,
  updateStaffAccount,
  type StaffAccountSummary,
} from "~/server/data/staff-accounts.server";
import { deleteRecoveryCodesOf } from "~/server/data/staff-recovery-codes.server";
import { deleteStaffSessionsOf } from "~/server/data/staff-sessions.server";
import { consumeSetupToken, findLiveSetupToken, insertSetupToken } from "~/server/data/staff-setup-tokens.server";
import { endSignInsOf } from "./staff-sign-in.server";
import { emailField, requiredText } from "~/shared/validation/fields";
import { LOCALES } from "~/shared/i18n/locales";
import { STAFF_ROLES, type StaffUser } from "~/shared/staff/staff-roles";
import { hashSecretLinkToken, newSecretLinkToken } from "~/server/secret-link.server";

/** A setup link works once, for 24 hours. */
export const SETUP_LINK_MS = 24 * 60 * 60 * 1000;

const roleField = z.enum(STAFF_ROLES, { error: "Choose a role." });
const nameField = requiredText("Enter the person's name.").pipe(z.string().max(100, "Use at most 100 characters."));

export const newStaffSchema = z.object({
  email: emailField("Enter a valid e-mail address.").pipe(z.string().max(254, "Enter a valid e-mail address.")),
  name: nameField,
  role: roleField,
});
/** The languages a person answers leads in: at least one of en, es, pt (docs/behaviour.md §17). */
const languagesField = z
  .array(z.enum(LOCALES, { error: "Choose English, Spanish or Portuguese." }), { error: "Choose at least one language." })
  .min(1, "Choose at least one language.")
  .transform((languages) => LOCALES.filter((locale) => languages.includes(locale)));
const awayField = z.boolean({ error: "Must be true or false." });
export const staffChangeSchema = z
  .object({
    name: nameField.optional(),
    role: roleField.optional(),
    disabled: z.boolean({ error: "Must be true or false." }).optional(),
    languages: languagesField.optional(),
    away: awayField.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: "Nothing to change." });
/** PATCH /api/admin/staff/me: what anyone may change of their own account here. */
export const ownStaffChangeSchema = z.object({ away: awayField });
export const setupSchema = z.object({
  token: z.string().min(20, "This setup link is not valid.").max(100, "This setup link is not valid."),
  password: z.string().max(1024, "Use at most 128 characters."),
});

/** Who did it, for the audit log: a signed-in owner, or the command line. */
export type Actor = Pick<StaffUser, "id" | "email"> | { id: null; email: string };

const audit = (ctx: AppContext, actor: Actor, action: string, entityId: string) =>
  insertAuditEntry(ctx.db, { actor: actor.email, accountId: actor.id, action, entity: "staff_account", entityId });

/** Makes a new one-time setup link for an account (older unused links stop working). */
export async function issueSetupLink(ctx: AppContext, accountId: string, now = Date.now()): Promise<string> {
  const token = newSecretLinkToken();
  await insertSetupToken(ctx.db, accountId, hashSecretLinkToken(token), new Date(now + SETUP_LINK_MS), new Date(now));
  return `${ctx.env.publicUrl}/podium/setup?token=${token}`;
}

export async function listStaff(ctx: AppContext): Promise<StaffAccountSummary[]> {
  return (await listStaffAccounts(ctx.db)).map(summarizeStaffAccount);
}

export type CreateStaffResult = { kind: "created"; id: string; setupUrl: string } | { kind: "email-taken" };

export async function createStaff(ctx: AppContext, actor: Actor, input: z.infer<typeof newStaffSchema>): Promise<CreateStaffResult> {
  try {
    const account = await insertStaffAccount(ctx.db, input);
    const setupUrl = await issueSetupLink(ctx, account.id);
    await audit(ctx, actor, "staff-create", account.id);
    return { kind: "created", id: account.id, setupUrl };
  } catch (error) {
    if (error instanceof EmailTakenError) return { kind: "email-taken" };
    throw error;
  }
}

export type ChangeStaffResult = { kind: "changed"; account: StaffAccountSummary } | { kind: "not-found" } | { kind: "last-owner" };

/** Name, role, disabled, languages, away. The last active owner can be neither demoted nor disabled; disabling ends the person's sessions at once. */
export async function changeStaff(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.infer<typeof staffChangeSchema>,
): Promise<ChangeStaffResult> {
  const account = await findStaffAccount(ctx.db, id);
  if (!account) return { kind: "not-found" };
  const losesOwner = account.role === "owner" && !account.disabled && ((input.role && input.role !== "owner") || input.disabled === true);
  if (losesOwner && (await countActiveOwners(ctx.db, id)) === 0) return { kind: "last-owner" };
  await updateStaffAccount(ctx.db, id, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.role !== undefined && { role: input.role }),
    ...(input.disabled !== undefined && { disabled: input.disabled ? 1 : 0 }),
    ...(input.languages !== undefined && { languages: input.languages.join(",") }),
    ...(input.away !== undefined && { away: input.away ? 1 : 0 }),
  });
  if (input.disabled === true || (input.role && input.role !== account.role)) await deleteStaffSessionsOf(ctx.db, id);
  if (input.role && input.role !== account.role) await audit(ctx, actor, `staff-role-${input.role}`, id);
  if (input.disabled !== undefined && input.disabled !== Boolean(account.disabled))
    await audit(ctx, actor, input.disabled ? "staff-disable" : "staff-enable", id);
  if (input.name !== undefined && input.name !== account.name) await audit(ctx, actor, "staff-rename", id);
  if (input.languages !== undefined && input.languages.join(",") !== account.languages)
    await audit(ctx, actor, `staff-languages-${input.languages.join("-")}`, id);
  if (input.away !== undefined && input.away !== (account.away === 1))
    await audit(ctx, actor, input.away ? "staff-away" : "staff-back", id);
  return { kind: "changed", account: summarizeStaffAccount((await findStaffAccount(ctx.db, id))!) };
}

/** The signed-in person's own account, as the Leads tab shows their away switch. */
export async function ownStaffAccount(ctx: AppContext, user: Pick<StaffUser, "id">): Promise<StaffAccountSummary | null> {
  const account = await findStaffAccount(ctx.db, user.id);
  return account ? summarizeStaffAccount(account) : null;
}

/**
 * Anyone's own away switch (docs/behaviour.md §17): a salesperson leaving the lot stops new leads
 * coming to them without asking an owner. Recorded in the audit log like the owner's change.
 */
export async function setOwnAway(
  ctx: AppContext,
  user: Pick<StaffUser, "id" | "email">,
  away: boolean,
): Promise<StaffAccountSummary | null> {
  const account = await findStaffAccount(ctx.db, user.id);
  if (!account) return null;
  await updateStaffAccount(ctx.db, user.id, { away: away ? 1 : 0 });
  if (away !== (account.away === 1)) await audit(ctx, user, away ? "staff-away" : "staff-back", user.id);
  return summarizeStaffAccount((await findStaffAccount(ctx.db, user.id))!);
}

/** Clears the second factor and recovery codes and ends the sessions: the person enrolls again at next sign-in. */
export async function resetSecondFactor(ctx: AppContext, actor: Actor, id: string): Promise<boolean> {
  const account = await findStaffAccount(ctx.db, id);
  if (!account) return false;
  await updateStaffAccount(ctx.db, id, { totpSecretEnc: null, totpEnrolledAt: null, totpLastStep: null });
  await deleteRecoveryCodesOf(ctx.db, id);
  await endSignInsOf(ctx, id);
  await audit(ctx, actor, "mfa-reset", id);
  return true;
}

export type SetupResult = { kind: "set"; email: string } | { kind: "invalid-link" } | { kind: "weak"; message: string };

/** The setup link's page: the person chooses a password (policy-checked); the link is then spent. */
export async function setPasswordWithLink(ctx: AppContext, input: z.infer<typeof setupSchema>, now = Date.now()): Promise<SetupResult> {
  const accountId = await findLiveSetupToken(ctx.db, hashSecretLinkToken(input.token), new Date(now));
  const account = accountId ? await findStaffAccount(ctx.db, accountId) : null;
  if (!account || account.disabled) return { kind: "invalid-link" };
  const weak = passwordPolicyError(input.password, account.email);
  if (weak) return { kind: "weak", message: weak };
  const passwordHash = await hashPassword(input.password, ctx.env.passwordHashParams);
  if ((await consumeSetupToken(ctx.db, hashSecretLinkToken(input.token), new Date(now))) !== account.id) return { kind: "invalid-link" };
  await updateStaffAccount(ctx.db, account.id, { passwordHash });
  await endSignInsOf(ctx, account.id);
  await audit(ctx, account, "password-set", account.id);
  return { kind: "set", email: account.email };
}

/** Whether a setup token is live (the setup page says so before the person types a password). */
export async function isSetupLinkLive(ctx: AppContext, token: string): Promise<string | null> {
  if (token.length < 20 || token.length > 100) return null;
  const accountId = await findLiveSetupToken(ctx.db, hashSecretLinkToken(token));
  const account = accountId ? await findStaffAccount(ctx.db, accountId) : null;
  return account && !account.disabled ? account.email : null;
}

export type CliResult = { kind: "ok"; setupUrl: string } | { kind: "error"; message: string };

/** `npm run staff -- add`: a new account and its setup link. */
export async function addStaffFromCli(ctx: AppContext, input: unknown): Promise<CliResult> {
  const parsed = newStaffSchema.safeParse(input);
  if (!parsed.success) return { kind: "error", message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const result = await createStaff(ctx, { id: null, email: "command line" }, parsed.data);
  return result.kind === "created"
    ? { kind: "ok", setupUrl: result.setupUrl }
    : { kind: "error", message: "An account with this e-mail already exists." };
}

/**
 * `npm run staff -- reset`: for the person who lost their phone or password. Clears the
 * password and the second factor, ends sessions, and makes a new setup link.
 */
export async function resetStaffFromCli(ctx: AppContext, email: string): Promise<CliResult> {
  const account = await findStaffAccountByEmail(ctx.db, email);
  if (!account) return { kind: "error", message: `No account with the e-mail ${email.trim().toLowerCase()}.` };
  const actor = { id: null, email: "command line" };
  await resetSecondFactor(ctx, actor, account.id);
  await updateStaffAccount(ctx.db, account.id, { passwordHash: null });
  return { kind: "ok", setupUrl: await issueSetupLink(ctx, account.id) };
}
