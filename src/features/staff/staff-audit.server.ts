import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { listAuditActions, pageAuditEntries, type AuditEntry } from "~/server/data/audit-log.server";
import { uuidField } from "~/shared/validation/fields";

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  account: uuidField().optional(),
  action: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, "Unknown action.")
    .optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
});

export type AuditPage = { entries: AuditEntry[]; nextBefore: number | null; actions: string[] };

/** A page of the audit trail, newest first, filtered by person and/or action (owner only). */
export async function auditPage(ctx: AppContext, query: z.infer<typeof auditQuerySchema>): Promise<AuditPage> {
  const entries = await pageAuditEntries(ctx.db, {
    accountId: query.account,
    action: query.action,
    before: query.before,
    limit: query.limit + 1,
  });
  const more = entries.length > query.limit;
  const page = entries.slice(0, query.limit);
  return { entries: page, nextBefore: more ? page.at(-1)!.id : null, actions: await listAuditActions(ctx.db) };
}
