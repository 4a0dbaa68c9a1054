import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { Button } from "~/shared/ui/staff/button";
import { useHydrated, useStaffForm } from "~/shared/ui/staff/staff-form";

/**
 * The signed-in person's away switch (docs/behaviour.md §17), above their leads: new leads go to the
 * others while it is on. Ticking it posts at once; without JavaScript its button saves it.
 */
export function AwaySwitch({ away }: { away: boolean }) {
  const m = useStaffMessages();
  const form = useStaffForm("away", { resetOnSuccess: false });
  const hydrated = useHydrated();
  // While the post is on its way the box shows what was asked; the loader's answer then confirms it.
  const pending = form.fetcher.formData ? form.fetcher.formData.has("away") : null;
  return (
    <form.fetcher.Form method="post" ref={form.formRef} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="away" />
      <label className="inline-flex min-h-11 items-center gap-2 font-medium">
        <input
          type="checkbox"
          name="away"
          checked={pending ?? away}
          onChange={(e) => form.fetcher.submit(e.currentTarget.form)}
          className="h-5 w-5 accent-red-700"
        />
        {m.inbox.away}
      </label>
      {hydrated ? null : (
        <Button type="submit" size="sm">
          {m.staff.shell.saveNoScript}
        </Button>
      )}
    </form.fetcher.Form>
  );
}
