import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { useActionData, useSubmit } from "react-router";
import type { FormPostFailed } from "./form-post";

/**
 * A ~1 KB (gzipped) stand-in for react-hook-form on public pages (125 KB first-load budget):
 * inputs stay uncontrolled and are read from `form.elements` on submit, then checked with the
 * feature's zod schema, which is imported lazily (first focus or submit) so zod never ships with the page.
 */

/** The part of a zod schema the hook uses (structural, so this file needs no zod import). */
export type SchemaLike<Output> = {
  safeParseAsync(data: unknown): Promise<{ success: true; data: Output } | { success: false; error: { issues: readonly IssueLike[] } }>;
};
export type IssueLike = { path: readonly PropertyKey[]; message: string };
/** Field name → message shown under that field. */
export type FieldErrors = Partial<Record<string, string>>;
/** What `readFormValues` needs from a form control (a DOM element satisfies it). */
export type ControlLike = { name: string; type: string; value: string; checked?: boolean; disabled?: boolean };

/** The first message per field path ("a.b" for nested paths), in schema order. */
export function fieldErrorsFromIssues(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The values of named, enabled controls: checkboxes as booleans, radios as the checked one's value,
 * everything else as its text value. Buttons, file inputs, unnamed (fieldsets) and disabled controls are skipped.
 */
export function readFormValues(controls: Iterable<ControlLike>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const control of controls) {
    const { name, type } = control;
    if (!name || control.disabled || /^(submit|button|reset|file|image)$/.test(type)) continue;
    if (type === "checkbox") values[name] = Boolean(control.checked);
    else if (type === "radio") {
      if (control.checked) values[name] = control.value;
    } else values[name] = control.value;
  }
  return values;
}

type Focusable = Element & { focus(): void };

export type UseZodFormOptions<Output> = {
  /** Imports the feature's schema; called once, on first focus or submit. */
  schema: () => Promise<SchemaLike<Output>>;
  /** Runs with the parsed values when the schema accepts them; `isSubmitting` is true until it settles. */
  onValid: (values: Output) => unknown;
  /** Messages to show from the start: the route action's answer to a post made without JavaScript. */
  initialErrors?: FieldErrors;
};

/**
 * Form state for an uncontrolled form validated by a lazily imported zod schema: per-field errors
 * (first issue per field), re-checked as the shopper edits after a failed submit; focus on the first
 * invalid field; `control()` for widgets whose value is not an input (signature, upload).
 */
export function useZodForm<Output>({ schema, onValid, initialErrors }: UseZodFormOptions<Output>) {
  const formRef = useRef<HTMLFormElement>(null);
  const held = useRef<Record<string, unknown>>({});
  const focusTargets = useRef<Record<string, Focusable | null>>({});
  // Errors from a post the server already answered count as a failed submit: edits re-check.
  const submitted = useRef(Boolean(initialErrors && Object.keys(initialErrors).length));
  const [errors, setErrors] = useState<FieldErrors>(initialErrors ?? {});
  const [isSubmitting, setSubmitting] = useState(false);
  const [, rerender] = useState(0);
  const schemaLoad = useRef<Promise<SchemaLike<Output>>>(null);
  // Once per form; a failed download (offline) is retried on the next focus or submit.
  const loadSchema = () =>
    (schemaLoad.current ??= schema().catch((error: unknown) => {
      schemaLoad.current = null;
      throw error;
    }));

  const values = () => ({ ...readFormValues((formRef.current?.elements ?? []) as Iterable<ControlLike>), ...held.current });

  const focusFirst = (names: string[]) => {
    const form = formRef.current;
    const targets = names
      .map((name) => focusTargets.current[name] ?? form?.elements.namedItem(name))
      // A name shared by radios gives a RadioNodeList: its first radio stands for the group.
      .map((t) => (t instanceof RadioNodeList ? t[0] : t) as Focusable | null | undefined)
      .filter((t): t is Focusable => Boolean(t?.isConnected && (t as Partial<HTMLInputElement>).type !== "hidden"));
    targets.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    targets[0]?.focus();
  };

  /** After a failed submit, re-checks the whole form but updates only the edited field's message. */
  const revalidate = async (name: string) => {
    if (!submitted.current) return;
    const result = await (await loadSchema()).safeParseAsync(values());
    const message = result.success ? undefined : fieldErrorsFromIssues(result.error.issues)[name];
    setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = await (await loadSchema()).safeParseAsync(values());
      if (!result.success) {
        const next = fieldErrorsFromIssues(result.error.issues);
        setErrors(next);
        focusFirst(Object.keys(next));
        return;
      }
      setErrors({});
      await onValid(result.data);
    } finally {
      setSubmitting(false);
    }
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const control = event.target as unknown as ControlLike;
    if (!control.name) return;
    void revalidate(control.name);
  };

  return {
    /** Spread on the <form>: submit handling, change tracking and the schema's preload on first focus. */
    formProps: { ref: formRef, onSubmit, onChange, onFocus: () => void loadSchema().catch(() => undefined), noValidate: true },
    /** An input's name: what the form reads on submit and where its error message goes. */
    register: (name: string) => ({ name }),
    /** A value held outside the inputs (drawn signature, uploaded file), merged in before validation. */
    control: (name: string) => ({
      value: held.current[name],
      error: errors[name],
      onChange: (value: unknown) => {
        held.current = { ...held.current, [name]: value };
        rerender((n) => n + 1);
        void revalidate(name);
      },
      ref: (element: Focusable | null) => void (focusTargets.current[name] = element),
    }),
    errors,
    isSubmitting,
    /** Messages from the server's 400 answer, optionally focusing the first. */
    setFieldErrors: (fieldErrors: FieldErrors, focus = false) => {
      setErrors((current) => ({ ...current, ...fieldErrors }));
      if (focus) focusFirst(Object.keys(fieldErrors));
    },
    /** Back to the inputs' default values, no errors, no held values. */
    reset: () => {
      formRef.current?.reset();
      held.current = {};
      submitted.current = false;
      setErrors({});
    },
  };
}

/**
 * Posts a form to its route action (the form's own `action` and `method`) with JavaScript, and
 * hands the action's answer to `onResult` once it arrives. The post is a submission navigation
 * that stays on the page (same URL, so history is replaced, and no scroll); the answer is the
 * route's action data, the same the page renders after a post made without JavaScript. The
 * returned promise settles when the answer is in.
 */
export function useFormPost<Result>(onResult: (result: Result | FormPostFailed) => void) {
  const submit = useSubmit();
  const result = useActionData() as Result | FormPostFailed | undefined;
  // Only answers to this page's own posts: not the one the page was rendered with.
  const posting = useRef(false);
  const answered = useEffectEvent(onResult);
  useEffect(() => {
    if (!result || !posting.current) return;
    posting.current = false;
    answered(result);
  }, [result]);
  return (form: HTMLFormElement) => {
    posting.current = true;
    return submit(form, { preventScrollReset: true });
  };
}
