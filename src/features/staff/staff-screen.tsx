import { Form, Link, useActionData, useSubmit } from "react-router";
import type { StaffAccountSummary } from "~/server/data/staff-accounts.server";
import { LOCALES } from "~/shared/i18n/locales";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { STAFF_ROLES } from "~/shared/staff/staff-roles";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { RouteDialog } from "~/shared/ui/staff/modal-dialog";
import { FormError, SelectField, TextField } from "~/shared/ui/staff/staff-field";
import { StaffForm, useHydrated, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { StaffScreenData } from "./staff-screen.server";

/** The Staff screen's forms for one account (the action: staff-screen.server.ts). */
export const STAFF_ACCOUNT_INTENTS = ["role", "disabled", "languages", "away", "reset-mfa"] as const;
export type StaffAccountIntent = (typeof STAFF_ACCOUNT_INTENTS)[number];
/** A row's form key: its answer comes back to that row. */
export const accountFormKey = (intent: StaffAccountIntent, id: string) => `${intent}:${id}`;

const rowSelectClass = "min-h-11 rounded-md border border-gray-500 bg-white px-2 py-1";

/**
 * /podium/staff (owner; docs/behaviour.md §6): add a person (their one-time setup link is shown once,
 * here), and for each account its role, the languages they answer leads in, away, disable or enable,
 * and a reset of the second factor after a confirmation. Each is a form of its own posting to the
 * route's action; a select or a box posts when changed, or with its Save button before scripts run.
 */
export function StaffScreen({ data }: { data: StaffScreenData }) {
  const messages = useStaffMessages();
  const m = messages.staff.staffTab;
  const hydrated = useHydrated();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">{messages.staff.shell.screens.staff}</h1>
      <AddPerson />
      <section aria-labelledby="staff-accounts-heading">
        <h2 id="staff-accounts-heading" className="text-lg font-semibold">
          {m.heading}
        </h2>
        <DataTable<StaffAccountSummary>
          caption={m.heading}
          className="mt-3"
          rows={data.accounts}
          rowKey={(a) => a.id}
          empty={<p className="text-gray-700">{m.empty}</p>}
          columns={[
            { id: "name", header: m.name, cell: (a) => a.name, sortValue: (a) => a.name, cellClassName: "font-medium" },
            { id: "email", header: m.email, cell: (a) => a.email, sortValue: (a) => a.email, cellClassName: "break-all" },
            { id: "role", header: m.role, sortValue: (a) => a.role, cell: (a) => <RoleForm account={a} hydrated={hydrated} /> },
            { id: "languages", header: m.languages, cell: (a) => <LanguagesForm account={a} hydrated={hydrated} /> },
            { id: "away", header: m.away, cell: (a) => <AwayForm account={a} hydrated={hydrated} /> },
            {
              id: "status",
              header: m.status,
              cell: (a) => (a.disabled ? m.disabled : !a.hasPassword ? m.notSetUp : a.mfaEnrolled ? m.enrolled : m.noSecondFactor),
            },
            { id: "actions", header: m.actions, cell: (a) => <AccountActions account={a} /> },
          ]}
        />
      </section>
      {data.confirmReset ? <ConfirmReset account={data.confirmReset} /> : null}
    </div>
  );
}

/** A new account: e-mail, name and role; the answer shows the person's one-time setup link. */
function AddPerson() {
  const messages = useStaffMessages();
  const m = messages.staff.staffTab;
  const form = useStaffForm("create");
  const answer = useActionData() as { intent?: string; setupUrl?: string } | undefined;
  const setupUrl = answer?.intent === "create" ? answer.setupUrl : undefined;
  return (
    <section aria-labelledby="staff-add-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="staff-add-heading" className="text-lg font-semibold">
        {m.add}
      </h2>
      <StaffForm
        form={form}
        noValidate
        aria-labelledby="staff-add-heading"
        className="mt-3 grid gap-4 md:grid-cols-[1fr_1fr_12rem_auto] md:items-start"
      >
        <input type="hidden" name="intent" value="create" />
        <TextField
          name="email"
          type="email"
          label={m.email}
          autoComplete="off"
          maxLength={254}
          error={form.errors.email}
          defaultValue={form.values.email}
        />
        <TextField name="name" label={m.name} autoComplete="off" maxLength={100} error={form.errors.name} defaultValue={form.values.name} />
        <SelectField
          name="role"
          label={m.role}
          error={form.errors.role}
          defaultValue={form.values.role ?? "sales"}
          options={STAFF_ROLES.map((r) => [r, messages.staff.roles[r]] as const)}
        />
        <Button type="submit" variant="primary" disabled={form.busy} className="min-h-11 md:mt-6">
          {m.create}
        </Button>
      </StaffForm>
      <FormError>{form.error}</FormError>
      {setupUrl ? (
        <div role="status" className="mt-4 rounded bg-green-50 p-3 text-sm text-green-900">
          <p>{m.created}</p>
          <code data-testid="setup-url" className="mt-1 block break-all font-mono">
            {setupUrl}
          </code>
        </div>
      ) : null}
    </section>
  );
}

function RowMessage({ text }: { text?: string }) {
  return text ? <p className="mt-1 text-sm font-medium text-red-800">{text}</p> : null;
}

function RoleForm({ account: a, hydrated }: { account: StaffAccountSummary; hydrated: boolean }) {
  const messages = useStaffMessages();
  const m = messages.staff.staffTab;
  const form = useStaffForm(accountFormKey("role", a.id), { resetOnSuccess: false });
  const submit = useSubmit();
  return (
    <StaffForm form={form} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="accountId" value={a.id} />
      <select
        name="role"
        aria-label={m.roleFor(a.name)}
        key={a.role}
        defaultValue={a.role}
        onChange={(e) => submit(e.currentTarget.form)}
        className={rowSelectClass}
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {messages.staff.roles[r]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" size="sm" className="min-h-11">
          {messages.staff.shell.saveNoScript}
        </Button>
      )}
      <RowMessage text={form.error ?? form.errors.role} />
    </StaffForm>
  );
}

/** The languages a person answers leads in (docs/behaviour.md §17): the last one cannot be unticked. */
function LanguagesForm({ account: a, hydrated }: { account: StaffAccountSummary; hydrated: boolean }) {
  const messages = useStaffMessages();
  const m = messages.staff.staffTab;
  const form = useStaffForm(accountFormKey("languages", a.id), { resetOnSuccess: false });
  const submit = useSubmit();
  return (
    <StaffForm form={form} key={a.languages.join(",")} onChange={(e) => submit(e.currentTarget)}>
      <input type="hidden" name="intent" value="languages" />
      <input type="hidden" name="accountId" value={a.id} />
      <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <legend className="sr-only">{m.languagesFor(a.name)}</legend>
        {LOCALES.map((locale) => {
          const checked = a.languages.includes(locale);
          const last = checked && a.languages.length === 1;
          return (
            <label key={locale} className="inline-flex min-h-11 items-center gap-1">
              <input
                type="checkbox"
                name={last ? undefined : "languages"}
                value={locale}
                defaultChecked={checked}
                disabled={last}
                className="h-5 w-5 accent-red-700"
              />
              {/* A disabled box posts nothing: the last language goes as a hidden field. */}
              {last ? <input type="hidden" name="languages" value={locale} /> : null}
              <span lang={locale}>{messages.staff.common.languages[locale]}</span>
            </label>
          );
        })}
        {hydrated ? null : (
          <Button type="submit" size="sm" className="min-h-11">
            {messages.staff.shell.saveNoScript}
          </Button>
        )}
      </fieldset>
      <RowMessage text={form.error ?? form.errors.languages} />
    </StaffForm>
  );
}

function AwayForm({ account: a, hydrated }: { account: StaffAccountSummary; hydrated: boolean }) {
  const messages = useStaffMessages();
  const m = messages.staff.staffTab;
  const form = useStaffForm(accountFormKey("away", a.id), { resetOnSuccess: false });
  const submit = useSubmit();
  return (
    <StaffForm form={form} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="away" />
      <input type="hidden" name="accountId" value={a.id} />
      <label className="inline-flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          name="away"
          key={String(a.away)}
          defaultChecked={a.away}
          onChange={(e) => submit(e.currentTarget.form)}
          className="h-5 w-5 accent-red-700"
        />
        <span>
          {m.away}
          <span className="sr-only"> {a.name}</span>
        </span>
      </label>
      {hydrated ? null : (
        <Button type="submit" size="sm" className="min-h-11">
          {messages.staff.shell.saveNoScript}
        </Button>
      )}
      <RowMessage text={form.error} />
    </StaffForm>
  );
}

/** Disable or enable; reset the second factor (after a confirmation in the address: `?reset={id}`). */
function AccountActions({ account: a }: { account: StaffAccountSummary }) {
  const m = useStaffMessages().staff.staffTab;
  const form = useStaffForm(accountFormKey("disabled", a.id), { resetOnSuccess: false });
  return (
    <div className="flex flex-wrap items-start gap-2">
      <StaffForm form={form}>
        <input type="hidden" name="intent" value="disabled" />
        <input type="hidden" name="accountId" value={a.id} />
        <input type="hidden" name="disabled" value={a.disabled ? "false" : "true"} />
        <Button type="submit" size="sm" disabled={form.busy} className="min-h-11">
          <span>
            {a.disabled ? m.enable : m.disable}
            <span className="sr-only"> {a.name}</span>
          </span>
        </Button>
        <RowMessage text={form.error} />
      </StaffForm>
      {a.mfaEnrolled ? (
        <Form method="get" preventScrollReset>
          <input type="hidden" name="reset" value={a.id} />
          <Button type="submit" size="sm" variant="danger" className="min-h-11">
            <span>
              {m.resetMfa}
              <span className="sr-only"> {a.name}</span>
            </span>
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

function ConfirmReset({ account }: { account: StaffAccountSummary }) {
  const messages = useStaffMessages();
  const m = messages.staff.staffTab;
  const form = useStaffForm(accountFormKey("reset-mfa", account.id), { resetOnSuccess: false });
  return (
    <RouteDialog title={m.resetTitle} closeTo="/podium/staff" size="sm">
      <StaffForm form={form} aria-label={m.resetMfaFor(account.name)}>
        <input type="hidden" name="intent" value="reset-mfa" />
        <input type="hidden" name="accountId" value={account.id} />
        <p className="text-gray-800">{m.confirmReset(account.name)}</p>
        <FormError>{form.error}</FormError>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Link to="/podium/staff" replace preventScrollReset className={buttonClass("secondary", "md", "min-h-11")}>
            {messages.staff.common.cancel}
          </Link>
          <Button type="submit" variant="danger" disabled={form.busy} className="min-h-11">
            {m.resetMfa}
          </Button>
        </div>
      </StaffForm>
    </RouteDialog>
  );
}
