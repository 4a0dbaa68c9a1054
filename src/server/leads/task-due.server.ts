import type { AppContext } from "~/server/context.server";
import { findStaffAccount } from "~/server/data/staff-accounts.server";
import { claimTaskDue, tasksComingDue } from "~/server/data/tasks.server";
import { inTransaction } from "~/server/db/transaction.server";
import { queueTaskDuePush } from "~/server/push/lead-pushes.server";

/**
 * Sends the notice of every open task whose due time has come by `now` (decision 126): a `task.due`
 * staff event (ids only; the live Today screen, customer record and counts reload) and a push to the
 * assignee's devices (held over their quiet hours), opening the customer's record. Each task is claimed
 * first (`claimTaskDue`, a conditional UPDATE ... RETURNING) in the transaction that then writes the
 * event and the push outbox rows, so however many processes sweep at once, one sends it and only once;
 * a crash before the commit leaves it for the next sweep. Returns how many notices this call sent.
 */
export async function runTaskDueNotices(ctx: AppContext, now: Date): Promise<number> {
  const due = await tasksComingDue(ctx.db, now);
  let sent = 0;
  for (const candidate of due) {
    const won = await inTransaction(ctx.db, async (trx) => {
      const task = await claimTaskDue(trx, candidate.id, now);
      if (!task) return false;
      // A disabled account's phones hear nothing (its devices may still be stored).
      const assignee = await findStaffAccount(trx, task.assigneeId);
      if (assignee && assignee.disabled === 0) await queueTaskDuePush(trx, task, assignee.id, now);
      return true;
    });
    if (won) sent += 1;
  }
  if (sent) ctx.logger.info({ sent }, "task due notices sent");
  return sent;
}
