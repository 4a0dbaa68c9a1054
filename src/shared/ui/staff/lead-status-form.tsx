import { createContext, useContext, useId, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDuration, LEAD_STATUSES, leadStatusFormKey, responseTimeMs, type LeadStatus } from "~/shared/staff/lead-tracking";
import { Button } from "./button";
import { rowFormState, StaffRowForm, useHydrated, useStaffRowForms, type StaffRowForms } from "./staff-form";

/** The status form's intent: the record page's action reads `status` (and `id`) with the API's `leadStatusSchema`. */
export const LEAD_STATUS_INTENT = "status";

const selectClass = "min-h-11 rounded-md border border-gray-500 bg-white px-2 py-1";

const isLeadStatusKey = (key: string) => key.startsWith(leadStatusFormKey(""));

const LeadStatusRowsContext = createContext<StaffRowForms | null>(null);

/**
 * Around a list of leads with a status form each (Messages, Financing Apps): their forms share one set of
 * the screen's form hooks (decision 131). A status form outside it (a record's own page) makes its own.
 */
export function LeadStatusRows({ children }: { children: ReactNode }) {
  const rows = useStaffRowForms(isLeadStatusKey);
  return <LeadStatusRowsContext.Provider value={rows}>{children}</LeadStatusRowsContext.Provider>;
}

type LeadStatusFormProps = {
  id: string;
  /** Whose lead it is: the select's name ("Status of Lee Park's lead"). */
  name: string;
  createdAt: string;
  status: LeadStatus;
  firstStatusChangeAt: string | null;
  now: number;
  /** More of the record, as the page's action reads it (`{ dealId }`). */
  hidden?: Record<string, string>;
};

/**
 * One lead's status (new, contacted, closed) and its response time, on a screen of one kind of lead
 * (Messages, Financing Apps): a form posting `intent=status` and the lead's `id` to the route's action
 * (decision 101). With JavaScript a choice saves at once; without, a Save button posts it. `now` is the
 * instant the page was read (the loader's), so "Waiting 2 h" reads the same on the server and in the browser.
 */
export function LeadStatusForm(props: LeadStatusFormProps) {
  const rows = useContext(LeadStatusRowsContext);
  return rows ? (
    <LeadStatusRowForm rows={rows} {...props} />
  ) : (
    <LeadStatusRows>
      <LeadStatusForm {...props} />
    </LeadStatusRows>
  );
}

function LeadStatusRowForm({
  rows,
  id,
  name,
  createdAt,
  status,
  firstStatusChangeAt,
  now,
  hidden = {},
}: LeadStatusFormProps & { rows: StaffRowForms }) {
  const m = useStaffMessages();
  const s = m.leads.status;
  const key = leadStatusFormKey(id);
  const form = rowFormState(rows, key);
  const hydrated = useHydrated();
  const selectId = useId();
  const responded = responseTimeMs(createdAt, firstStatusChangeAt);
  return (
    <StaffRowForm rows={rows} formKey={key} className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="intent" value={LEAD_STATUS_INTENT} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(hidden).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <label htmlFor={selectId} className="font-medium">
        {s.label}
      </label>
      <select
        id={selectId}
        name="status"
        aria-label={s.labelFor(name)}
        // What was chosen stays while it is posted; the saved status resets it (key).
        key={status}
        defaultValue={status}
        onChange={rows.submitOnChange}
        className={selectClass}
      >
        {LEAD_STATUSES.map((value) => (
          <option key={value} value={value}>
            {s.values[value]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" size="sm" className="min-h-11">
          {m.staff.shell.saveNoScript}
        </Button>
      )}
      <span data-testid="response-time" className="text-gray-800">
        {responded !== null
          ? s.respondedIn(formatDuration(responded))
          : s.waiting(formatDuration(Math.max(0, now - Date.parse(createdAt))))}
      </span>
      {form.errors.status || form.error ? (
        <p className="w-full font-medium text-red-800" data-field-error="status">
          {form.errors.status ?? form.error}
        </p>
      ) : null}
    </StaffRowForm>
  );
}

/**
 * The "Show" filter above a list of one kind of lead: a GET form, so the status is in the address
 * (Back, reload and a shared link keep it). With JavaScript a choice applies at once.
 */
export function LeadStatusFilterForm({ value, error }: { value: LeadStatus | null | undefined; error?: string }) {
  const s = useStaffMessages().leads.status;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const selectId = useId();
  return (
    <Form method="get" className="flex flex-wrap items-center gap-2" aria-label={s.filterLabel}>
      <label htmlFor={selectId} className="font-medium">
        {s.filter}
      </label>
      <select
        id={selectId}
        name="status"
        defaultValue={value ?? ""}
        onChange={(e) => submit(e.currentTarget.form)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={selectClass}
      >
        <option value="">{s.all}</option>
        {LEAD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {s.values[status]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" size="sm" className="min-h-11">
          {s.apply}
        </Button>
      )}
      {error ? (
        <p id={`${selectId}-error`} className="w-full text-sm font-medium text-red-800" data-field-error="status">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
