import type { AppContext } from "~/server/context.server";
import { serverNow } from "~/server/clock.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { findCustomer } from "~/server/data/customers.server";
import { insertLeadEvent } from "~/server/data/lead-events.server";
import { listCustomerLeads } from "~/server/data/leads.server";
import { findStaffAccount, listStaffAccounts } from "~/server/data/staff-accounts.server";
import { findTask, insertTask, listTasks, setTaskDone, type TaskRow } from "~/server/data/tasks.server";
import type { Staff } from "~/server/http/staff-request.server";
import { endOfDealerDay } from "~/shared/lib/dealer-clock";
import { canUseArea, mayHoldLead } from "~/shared/staff/staff-roles";
import type { ActionResult, CustomerTask } from "./customer-record.server";
import type { TaskInput } from "./customer-record-schema";
import { inTransaction } from "~/server/db/transaction.server";

/** A task in the Today view: with its customer's and assignee's names, and whether it is late. */
export type TodayTask = CustomerTask & { customerName: string; assigneeName: string; overdue: boolean };

/**
 * Adds a follow-up task to the customer, given to an active staff member who has the Today view,
 * optionally about one of the customer's leads the person may hold; it appears in the timeline and
 * the audit log.
 */
export async function addTask(
  ctx: AppContext,
  staff: Staff,
  customerId: string,
  input: TaskInput,
  // The dealership's one clock (decision 076), as the due-notice sweep and the Today list read it.
  now = serverNow(ctx),
): Promise<ActionResult<{ task: CustomerTask }>> {
  const customer = await findCustomer(ctx.db, customerId);
  if (!customer) return { outcome: "not-found" };
  const targetId = customer.mergedIntoId ?? customer.id;
  const assignee = await findStaffAccount(ctx.db, input.assigneeId);
  if (!assignee || assignee.disabled === 1 || !canUseArea(assignee.role, "today"))
    return { outcome: "invalid", fieldErrors: { assigneeId: "Choose an active salesperson or the owner." } };
  let lead: { type: string; id: string } | null = null;
  if (input.leadType || input.leadId) {
    lead =
      (await listCustomerLeads(ctx.db, targetId)).find(
        (l) => l.type === input.leadType && l.id === input.leadId && mayHoldLead(staff.role, l.type),
      ) ?? null;
    if (!lead) return { outcome: "invalid", fieldErrors: { leadId: "Choose one of this customer's leads." } };
  }
  const task = await inTransaction(ctx.db, async (trx) => {
    const row = await insertTask(
      trx,
      {
        customerId: targetId,
        leadType: lead?.type ?? null,
        leadId: lead?.id ?? null,
        kind: input.kind,
        dueAt: input.dueAt,
        assigneeId: assignee.id,
        note: input.note,
        createdBy: staff.id,
      },
      now,
    );
    await insertLeadEvent(
      trx,
      {
        customerId: targetId,
        leadType: row.leadType,
        leadId: row.leadId,
        kind: "task",
        staffId: staff.id,
        data: { taskId: row.id, kind: row.kind, dueAt: row.dueAt, assigneeId: row.assigneeId, assigneeName: assignee.name, note: row.note },
      },
      now,
    );
    await insertAuditEntry(trx, { actor: staff.actor, accountId: staff.id, action: "task", entity: "customer", entityId: targetId }, now);
    return row;
  });
  return { outcome: "done", task };
}

/**
 * Ticks a task off or opens it again: the assignee, the person who created it, or the owner.
 * Ticking it off is a timeline event; either change is audited.
 */
export async function markTask(
  ctx: AppContext,
  staff: Staff,
  id: string,
  done: boolean,
  now = serverNow(ctx),
): Promise<ActionResult<{ task: CustomerTask }> | { outcome: "forbidden" }> {
  const task = await findTask(ctx.db, id);
  if (!task) return { outcome: "not-found" };
  if (staff.role !== "owner" && task.assigneeId !== staff.id && task.createdBy !== staff.id) return { outcome: "forbidden" };
  const updated = await inTransaction(ctx.db, async (trx) => {
    await setTaskDone(trx, id, done, now);
    await insertAuditEntry(
      trx,
      {
        actor: staff.actor,
        accountId: staff.id,
        action: done ? "task-done" : "task-reopened",
        entity: "customer",
        entityId: task.customerId,
      },
      now,
    );
    if (done && !task.doneAt)
      await insertLeadEvent(
        trx,
        {
          customerId: task.customerId,
          leadType: task.leadType,
          leadId: task.leadId,
          kind: "task-done",
          staffId: staff.id,
          data: { taskId: id, kind: task.kind },
        },
        now,
      );
    return findTask(trx, id);
  });
  return updated ? { outcome: "done", task: updated } : { outcome: "not-found" };
}

/**
 * Tasks for the Today view: `today` is every open task due before the end of the dealership's day
 * (overdue ones included, and flagged); `overdue` only those already late; `all` every task, done
 * ones too. `assignee` is `me`, `all` or a staff id.
 */
export async function listTodayTasks(
  ctx: AppContext,
  staff: Staff,
  query: { assignee: string; due: "today" | "overdue" | "all" },
  // The dealership's one clock (decision 076), which also decides when a task's due notice goes out.
  now = serverNow(ctx),
): Promise<TodayTask[]> {
  const assigneeId = query.assignee === "me" ? staff.id : query.assignee === "all" ? undefined : query.assignee;
  const openDueBefore = query.due === "today" ? endOfDealerDay(now).toISOString() : query.due === "overdue" ? now.toISOString() : undefined;
  const [rows, staffRows] = await Promise.all([listTasks(ctx.db, { assigneeId, openDueBefore }), listStaffAccounts(ctx.db)]);
  const names = new Map(staffRows.map((s) => [s.id, s.name]));
  return rows.map((t: TaskRow & { customerName: string }) => ({
    ...t,
    assigneeName: names.get(t.assigneeId) ?? "?",
    overdue: !t.doneAt && t.dueAt < now.toISOString(),
  }));
}
