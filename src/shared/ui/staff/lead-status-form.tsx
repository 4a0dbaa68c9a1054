import { Form, useSubmit } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDuration, LEAD_STATUSES, responseTimeMs, type LeadStatus } from "~/shared/staff/lead-tracking";
import { Button } from "./button";
import { StaffForm, useHydrated, useStaffForm } from "./staff-form";

/** The status form's intent: the record page's action reads `status` with the API's `leadStatusSchema`. */
export const LEAD_STATUS_INTENT = "status";

const selectClass = "min-h-11 rounded-md border border-gray-500 bg-white px-2 py-1 text-base";

/**
 * A lead's status on its record page (deal, trade-in; decision 101): a select that posts to the page's
 * action when changed (intent `status`), with a Save button until scripts run, and the lead's response
 * time. `now` is the instant the page was read (the loader's), so the server's and the browser's
 * "Waiting …" agree.
 */
export function LeadStatusForm({
  name,
  createdAt,
  status,
  firstStatusChangeAt,
  now,
  hidden = {},
}: {
  name: string;
  createdAt: string;
  status: LeadStatus;
  firstStatusChangeAt: string | null;
  now: number;
  /** The record the status is of, as the page's action reads it (`{ dealId }`). */
  hidden?: Record<string, string>;
}) {
  const messages = useStaffMessages();
  const m = messages.leads.status;
  const form = useStaffForm(LEAD_STATUS_INTENT, { resetOnSuccess: false });
  const hydrated = useHydrated();
  const submit = useSubmit();
  const responded = responseTimeMs(createdAt, firstStatusChangeAt);
  return (
    <StaffForm form={form} className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="intent" value={LEAD_STATUS_INTENT} />
      {Object.entries(hidden).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <label className="inline-flex items-center gap-2 font-medium">
        {m.label}
        <select
          name="status"
          aria-label={m.labelFor(name)}
          // What was chosen stays while it is posted; the saved status resets it (key).
          key={status}
          defaultValue={status}
          onChange={(e) => submit(e.currentTarget.form)}
          className={selectClass}
        >
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {m.values[s]}
            </option>
          ))}
        </select>
      </label>
      {hydrated ? null : (
        <Button type="submit" size="sm" className="min-h-11">
          {messages.staff.shell.saveNoScript}
        </Button>
      )}
      <span data-testid="response-time" className="text-gray-800">
        {responded !== null ? m.respondedIn(formatDuration(responded)) : m.waiting(formatDuration(now - Date.parse(createdAt)))}
      </span>
      {form.error || form.errors.status ? (
        <p className="w-full text-sm font-medium text-red-800" data-field-error="status">
          {form.errors.status ?? form.error}
        </p>
      ) : null}
    </StaffForm>
  );
}

/**
 * The status filter above a list of leads of one kind (deals, trade-ins): a GET form, so the filter is
 * in the address (`?status=new`) and survives Back, reload and a shared link; it applies when changed,
 * or with its button before scripts run.
 */
export function LeadStatusFilterForm({ value, error }: { value: LeadStatus | null; error?: string }) {
  const messages = useStaffMessages();
  const m = messages.leads.status;
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form method="get" className="flex flex-wrap items-center gap-2" onChange={(e) => submit(e.currentTarget)}>
      <label className="inline-flex items-center gap-2 font-medium">
        {m.filter}
        <select
          name="status"
          defaultValue={value ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "lead-status-filter-error" : undefined}
          className={selectClass}
        >
          <option value="">{m.all}</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {m.values[s]}
            </option>
          ))}
        </select>
      </label>
      {hydrated ? null : (
        <Button type="submit" size="sm" className="min-h-11">
          {m.apply}
        </Button>
      )}
      {error ? (
        <p id="lead-status-filter-error" className="w-full text-sm font-medium text-red-800" data-field-error="status">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
