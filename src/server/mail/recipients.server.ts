import type { ServerEnv } from "~/server/env.server";
import { businessProfile } from "~/shared/config/business-profile";

/** Where staff lead notifications go: LEADS_TO, else the business profile's e-mail. */
export function staffLeadsAddress(env: ServerEnv): string {
  return env.leadsTo || businessProfile.email;
}

/** The CRM's ADF address, or null when ADF_TO is unset (no ADF mails). */
export function adfAddress(env: ServerEnv): string | null {
  return env.adfTo || null;
}

/** This website as ADF's <provider>. */
export function adfProvider(env: ServerEnv, service: string): { name: string; url: string; service: string } {
  return { name: `${businessProfile.name} website`, url: env.publicUrl, service };
}
