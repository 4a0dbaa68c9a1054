import { useCallback, useEffect, useRef, useSyncExternalStore, type ChangeEvent, type ComponentPropsWithRef, type FormEvent } from "react";
import { Form, useActionData, useFormAction, useNavigation, useSubmit } from "react-router";
import type { StaffFormResult } from "~/shared/staff/staff-form-result";
import { toast } from "~/shared/ui/toast";

/** The hidden field naming which of a screen's forms a post came from: its answer carries the same key. */
const FORM_FIELD = "form";

/**
 * One staff form on a screen (docs/decisions/101-one-staff-form-path.md): `<Form method="post">` to the
 * route's action with a hidden `intent`, and the action's answer read the same way with and without
 * JavaScript.
 *   const reply = useStaffForm("reply");
 *   <StaffForm form={reply} aria-labelledby="reply-heading">
 *     <input type="hidden" name="intent" value="reply" />
 *     <TextField name="subject" label="Subject" error={reply.errors.subject} defaultValue={reply.values.subject} />
 *   </StaffForm>
 * With JavaScript the post is React Router's (the page's address stays, its loaders revalidate); a
 * success shows the action's toast and empties the form, a refusal shows each field's message beside
 * it, the API's message as a toast, and moves focus to the first field in error. Without JavaScript the
 * browser posts the same form; a refusal renders the page with the action's answer, a success comes
 * back as a redirect whose message the shell shows. `key` tells a screen's forms apart (a row's form
 * names its record: "status:message/…"). A success that names a `location` (a record just created)
 * moves there after its toast, replacing the page posted from in the history.
 *
 * A plain `<Form>` rather than a fetcher: the public pages share React Router's chunk with the staff
 * screens, and a fetcher's hook would add to every public page's first load (decision 101).
 */
export function useStaffForm(
  key: string,
  {
    resetOnSuccess = true,
    onSuccess,
  }: {
    resetOnSuccess?: boolean;
    /** Called once when a post of this form succeeded with JavaScript (e.g. to close an editor). */
    onSuccess?: () => void;
  } = {},
) {
  const answer = useActionData() as StaffFormResult | undefined;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const handled = useRef<StaffFormResult | null | undefined>(answer);
  const succeeded = useRef(onSuccess);
  succeeded.current = onSuccess;
  const mine = answer?.intent === key ? answer : undefined;
  const pending = navigation.formData?.get(FORM_FIELD) === key ? navigation.formData : null;
  useEffect(() => {
    // Each post's answer once, after it arrived (not the answer the page was rendered with).
    if (!mine || handled.current === mine) return;
    handled.current = mine;
    if (mine.ok) {
      if (mine.toast) toast({ title: mine.toast });
      if (mine.location) {
        // A GET "submission" of the location's query is a navigation (useSubmit is in the chunk every page
        // loads already; useNavigate is not: decision 101).
        const next = new URL(mine.location, window.location.href);
        void submit(next.searchParams, { method: "get", action: next.pathname, replace: true });
      } else if (resetOnSuccess) formRef.current?.reset();
      succeeded.current?.();
    } else {
      toast({ title: mine.error, variant: "destructive" });
      // The field in the middle of the screen: scrolled only as far as needed, it would sit under the
      // shell's sticky bar (WCAG 2.4.11).
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.focus({ preventScroll: true });
      field?.scrollIntoView({ block: "center" });
    }
  }, [mine, resetOnSuccess, submit]);
  const refused = mine && !mine.ok ? mine : undefined;
  return {
    key,
    formRef,
    /** What is being posted from this form right now, for a control to show the value asked for at once. */
    pending,
    busy: pending !== null,
    /** Each field's message, by the field's name. */
    errors: refused?.fieldErrors ?? {},
    /** What was typed before a refusal (the fields' default values). */
    values: refused?.values ?? {},
    /** The refusal's own message when no field explains it (e.g. a customer without an e-mail). */
    error: refused && !refused.fieldErrors ? refused.error : undefined,
  };
}

export type StaffFormState = ReturnType<typeof useStaffForm>;

/** The form of a `useStaffForm`: posts to the route's action, carrying its key. */
export function StaffForm({
  form,
  children,
  ...props
}: { form: StaffFormState } & Omit<ComponentPropsWithRef<typeof Form>, "method" | "ref">) {
  return (
    <Form method="post" ref={form.formRef} {...props}>
      <input type="hidden" name={FORM_FIELD} value={form.key} />
      {children}
    </Form>
  );
}

/**
 * The forms of a list's rows (decision 131): the same posts, answers, pending state and refusals as
 * `useStaffForm`/`StaffForm` (decision 101), with the hooks called once for the screen instead of once for
 * each row's form. A list of 50 rows with three forms each ran React Router's `<Form>` (its action resolved
 * from the route's path), a `useSubmit` and a `useStaffForm` 150 times on the server; now a row's form is a
 * plain `<form>` that posts to the screen's action, through React Router with JavaScript and as itself without.
 *   const rows = useStaffRowForms((key) => key.startsWith("status:"));
 *   <StaffRowForm rows={rows} formKey={`status:${id}`}>…</StaffRowForm>
 *   const state = rowFormState(rows, `status:${id}`); // pending, busy, errors, error
 * `rows.submitOnChange` is a row select's `onChange` (it saves at once with JavaScript).
 * `isRowKey` says which answers are the rows' (a toast, and focus on the refused field of that row's form);
 * the screen's other forms keep `useStaffForm`, which answers only its own key.
 */
export function useStaffRowForms(isRowKey: (key: string) => boolean) {
  const answer = useActionData() as StaffFormResult | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  // The route's own action with the page's query, as a `<Form>` without `action` posts (decision 101).
  const action = useFormAction();
  const handled = useRef<StaffFormResult | null | undefined>(answer);
  const ownsRef = useRef(isRowKey);
  ownsRef.current = isRowKey;
  useEffect(() => {
    // Each post's answer once, after it arrived (not the answer the page was rendered with).
    if (!answer || handled.current === answer || !ownsRef.current(answer.intent ?? "")) return;
    handled.current = answer;
    if (answer.ok) {
      if (answer.toast) toast({ title: answer.toast });
      return;
    }
    toast({ title: answer.error, variant: "destructive" });
    const form = [...document.querySelectorAll<HTMLInputElement>(`input[name="${FORM_FIELD}"]`)].find(
      (i) => i.value === answer.intent,
    )?.form;
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: "center" });
  }, [answer]);
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      // The button that was pressed posts its own name and value too, as a `<Form>`'s does.
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
      void submit(submitter ?? event.currentTarget, { method: "post" });
    },
    [submit],
  );
  // A row's select saves as soon as it changes (with JavaScript; without, its Save button posts it).
  const submitOnChange = useCallback(
    (event: ChangeEvent<HTMLSelectElement>) => {
      if (event.currentTarget.form) void submit(event.currentTarget.form);
    },
    [submit],
  );
  const pendingKey = navigation.formData?.get(FORM_FIELD);
  return {
    action,
    onSubmit,
    submitOnChange,
    answer,
    pending: navigation.formData ?? null,
    pendingKey: typeof pendingKey === "string" ? pendingKey : null,
  };
}

export type StaffRowForms = ReturnType<typeof useStaffRowForms>;

/** One row form's state, as `useStaffForm` gives it: what it is posting now, and its refusal. */
export function rowFormState(rows: StaffRowForms, key: string) {
  const refused = rows.answer && !rows.answer.ok && rows.answer.intent === key ? rows.answer : undefined;
  const pending = rows.pendingKey === key ? rows.pending : null;
  return {
    pending,
    busy: pending !== null,
    errors: refused?.fieldErrors ?? {},
    error: refused && !refused.fieldErrors ? refused.error : undefined,
  };
}

/** A row's form: posts to the screen's action with its key, like `StaffForm`, without a hook of its own. */
export function StaffRowForm({
  rows,
  formKey,
  children,
  ...props
}: { rows: StaffRowForms; formKey: string } & Omit<ComponentPropsWithRef<"form">, "method" | "action" | "onSubmit">) {
  return (
    <form method="post" action={rows.action} onSubmit={rows.onSubmit} {...props}>
      <input type="hidden" name={FORM_FIELD} value={formKey} />
      {children}
    </form>
  );
}

const never = () => () => {};

/**
 * False in the server's HTML and until the page has hydrated, then true: a form's plain submit button
 * (for a post without JavaScript) gives way to submitting on change once scripts run.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
