import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { Button } from "~/shared/ui/staff/button";
import { useSubmit } from "react-router";
import { StaffForm, useHydrated, useStaffForm } from "~/shared/ui/staff/staff-form";

/**
 * The signed-in person's away switch (docs/behaviour.md §17), above their leads: new leads go to the
 * others while it is on. Ticking it posts at once; without JavaScript its button saves it.
 */
export function AwaySwitch({ away }: { away: boolean }) {
  const m = useStaffMessages();
  const form = useStaffForm("away", { resetOnSuccess: false });
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <StaffForm form={form} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="away" />
      <label className="inline-flex min-h-11 items-center gap-2 font-medium">
        <input
          type="checkbox"
          name="away"
          // The box keeps what was clicked while the post is on its way; the saved value resets it (key).
          key={String(away)}
          defaultChecked={away}
          onChange={(e) => submit(e.currentTarget.form)}
          className="h-5 w-5 accent-red-700"
        />
        {m.inbox.away}
      </label>
      {hydrated ? null : (
        <Button type="submit" size="sm">
          {m.staff.shell.saveNoScript}
        </Button>
      )}
    </StaffForm>
  );
}
