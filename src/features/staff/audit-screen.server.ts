import { data } from "react-router";
import type { AppContext } from "~/server/context.server";
import { listAuditActions } from "~/server/data/audit-log.server";
import type { StaffAccountSummary } from "~/server/data/staff-accounts.server";
import { auditPage, auditQuerySchema, type AuditPage } from "./staff-audit.server";
import { listStaff } from "./staff-management.server";

export type AuditScreenData = {
  page: AuditPage;
  /** The filters and the page as the address gives them (`?account=…&action=…&before=…`). */
  filters: { account: string; action: string; before: string };
  /** The API's 400 for filters it would refuse (an address typed by hand): the list is then empty. */
  invalid: boolean;
  people: Pick<StaffAccountSummary, "id" | "name" | "email">[];
};

/**
 * /podium/audit (owner; docs/behaviour.md §11): the audit trail, newest first, filtered by person and
 * action and paged by `before`, all in the address (GET /api/admin/audit's query schema and use case).
 */
export async function auditScreen(ctx: AppContext, url: URL) {
  const param = (name: string) => url.searchParams.get(name) ?? "";
  const filters = { account: param("account"), action: param("action"), before: param("before") };
  const query = auditQuerySchema.safeParse(
    Object.fromEntries(Object.entries({ ...filters, limit: param("limit") }).filter(([, value]) => value !== "")),
  );
  const [page, people] = await Promise.all([
    query.success
      ? auditPage(ctx, query.data)
      : listAuditActions(ctx.db).then((actions): AuditPage => ({ entries: [], nextBefore: null, actions })),
    listStaff(ctx),
  ]);
  const screen: AuditScreenData = {
    page,
    filters,
    invalid: !query.success,
    people: people.map(({ id, name, email }) => ({ id, name, email })),
  };
  return data(screen, { status: query.success ? 200 : 400 });
}
