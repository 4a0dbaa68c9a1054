import type { Response } from "express";

/**
 * The signed-in staff member behind a request. The admin shell's guard (src/features/admin)
 * authenticates the session and records the person here; each feature's staff routes read it
 * for the audit log without importing the admin feature.
 */
export type Staff = {
  /** How the audit log names this person. */
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
