import type { Response } from "express";
import type { StaffUser } from "~/shared/staff/staff-roles";

/**
 * The signed-in staff member behind a request. The staff guard (src/features/staff) checks the
 * session and the route's roles and records the person here; each feature's staff routes read
 * it (for the audit log, and role-dependent answers) without importing the staff feature.
 */
export type Staff = StaffUser & {
  /** How the audit log names this person: their e-mail (with `id` as accountId). */
  actor: string;
};

const STAFF_LOCAL = "staff";

/** Called by the staff guard once the request's session is known to be live. */
export function setStaff(res: Response, staff: Staff): void {
  res.locals[STAFF_LOCAL] = staff;
}

/** The staff member of a request that passed the guard, or null (a shopper, or no live session). */
export function optionalStaffOf(res: Response): Staff | null {
  return (res.locals[STAFF_LOCAL] as Staff | undefined) ?? null;
}

/**
 * The staff member of a request that passed the guard. Throws when the guard did not run:
 * a staff route mounted outside the guard is a wiring bug, never an anonymous request.
 */
export function staffOf(res: Response): Staff {
  const staff = optionalStaffOf(res);
  if (!staff) throw new Error("Staff route reached without the staff guard");
  return staff;
}
