import type { AppContext } from "~/server/context.server";

/**
 * What the Settings screen says is configured (docs/behaviour.md §2, DESIGN "deliberate differences" 2):
 * the public address and where mail goes, never a secret (no SMTP URL, password or key).
 */
export type SettingsConfiguration = {
  publicUrl: string;
  smtp: boolean;
  mailFrom: string | null;
  leadsTo: string | null;
  adfTo: string | null;
};

export function settingsConfiguration(ctx: AppContext): SettingsConfiguration {
  const env = ctx.env;
  return {
    publicUrl: env.publicUrl,
    smtp: Boolean(env.smtpUrl),
    mailFrom: env.mailFrom ?? null,
    leadsTo: env.leadsTo ?? null,
    adfTo: env.adfTo ?? null,
  };
}
