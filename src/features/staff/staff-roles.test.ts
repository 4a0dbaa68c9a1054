import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "~/shared/staff/staff-roles";
import { newStaffSchema, staffChangeSchema } from "./staff-management.server";

// The role list lives in staff-roles.ts only; the database does not repeat it (decision 065).
describe("staff roles come from one list", () => {
  it("accepts every role in STAFF_ROLES when adding or changing an account", () => {
    for (const role of STAFF_ROLES) {
      expect(newStaffSchema.safeParse({ email: "a@example.com", name: "A", role }).success).toBe(true);
      expect(staffChangeSchema.safeParse({ role }).success).toBe(true);
    }
  });

  it("refuses a role not in the list with the field's message", () => {
    const added = newStaffSchema.safeParse({ email: "a@example.com", name: "A", role: "janitor" });
    expect(added.success).toBe(false);
    expect(added.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["role", "Choose a role."]]);
    expect(staffChangeSchema.safeParse({ role: "Owner" }).success).toBe(false);
    expect(staffChangeSchema.safeParse({ role: "" }).success).toBe(false);
  });
});
