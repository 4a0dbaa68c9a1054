import { useEffect, useRef, useSyncExternalStore, type ComponentPropsWithRef } from "react";
import { Form, useActionData, useNavigation, useSubmit } from "react-router";
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
