import { useEffect, useRef, useSyncExternalStore } from "react";
import { useActionData, useFetcher } from "react-router";
import type { StaffFormResult } from "~/shared/staff/staff-form-result";
import { toast } from "~/shared/ui/toast";

/**
 * One staff form on a screen (docs/decisions/101-one-staff-form-path.md): a fetcher whose form posts
 * to the route's action with a hidden `intent`, and the action's answer read the same way with and
 * without JavaScript.
 *   const reply = useStaffForm("reply");
 *   <reply.fetcher.Form method="post" ref={reply.formRef}>
 *     <input type="hidden" name="intent" value="reply" />
 *     <TextField name="subject" label="Subject" error={reply.errors.subject} defaultValue={reply.values.subject} />
 *   </reply.fetcher.Form>
 * With JavaScript the fetcher posts, the page's loaders revalidate, a success shows the action's toast
 * and empties the form, a refusal shows each field's message beside it, the API's message as a toast
 * and moves focus to the first field in error. Without JavaScript the browser posts the same form; a
 * refusal renders the page with the action's answer (its `intent` says which form), a success comes
 * back as a redirect whose message the shell shows.
 */
export function useStaffForm(intent: string, { resetOnSuccess = true }: { resetOnSuccess?: boolean } = {}) {
  const fetcher = useFetcher<StaffFormResult>();
  const posted = useActionData() as StaffFormResult | undefined;
  const answer = fetcher.data ?? (posted?.intent === intent ? posted : undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<StaffFormResult | null>(null);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.ok) {
      if (data.toast) toast({ title: data.toast });
      if (resetOnSuccess) formRef.current?.reset();
    } else {
      toast({ title: data.error, variant: "destructive" });
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [fetcher.state, fetcher.data, resetOnSuccess]);
  const refused = answer && !answer.ok ? answer : undefined;
  return {
    fetcher,
    formRef,
    busy: fetcher.state !== "idle",
    /** Each field's message, by the field's name. */
    errors: refused?.fieldErrors ?? {},
    /** What was typed before a refusal without JavaScript (the fields' default values). */
    values: refused?.values ?? {},
    /** The refusal's own message when no field explains it (e.g. a customer without an e-mail). */
    error: refused && !refused.fieldErrors ? refused.error : undefined,
  };
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
