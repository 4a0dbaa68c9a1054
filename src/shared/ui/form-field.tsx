import type { ComponentPropsWithRef, ReactNode } from "react";

/**
 * The one form-field kit of the site: contact, booking, financing and the staff
 * vehicle dialog all build their fields from it, so every field has the same label, hint, error
 * wiring and focus style. Controls stay uncontrolled and take any native attribute (name,
 * defaultValue, autoComplete…) or a form library's registration spread on them.
 */

/** The one focus and error style of every text-like control (input, textarea, select). */
export function controlClass(error?: string): string {
  return `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 ${
    error ? "border-red-700" : "border-gray-500"
  }`;
}

/** What a field hands its control: the id the label points at and the ARIA wiring of hint and error. */
export type FieldControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
};

export type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** The message under the field; sets aria-invalid and joins aria-describedby. */
  error?: string;
  /** Help text under the label, read with the field. */
  hint?: ReactNode;
  /** Shows the required marker and sets aria-required. */
  required?: boolean;
  /** Classes of the wrapper (e.g. a grid span). */
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** Label (with required marker), hint, the control and its error, wired by ids. */
export function FormField({ id, label, error, hint, required, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        "aria-required": required ? true : undefined,
      })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A label whose required marker sits outside it, so the control's name is exactly the label text. */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="flex gap-1 text-sm font-medium text-gray-900">
      <label htmlFor={htmlFor}>{children}</label>
      {required ? (
        <span aria-hidden="true" className="text-red-800">
          *
        </span>
      ) : null}
    </div>
  );
}

/** A field's message; renders nothing without one. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  ) : null;
}

type Common = Omit<FormFieldProps, "children" | "className"> & { wrapperClassName?: string };

/** A labelled text-like input (text, email, tel, date…); other props go to the input. */
export function TextField({
  id,
  label,
  error,
  hint,
  required,
  wrapperClassName,
  className,
  ...input
}: Common & ComponentPropsWithRef<"input">) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} required={required} className={wrapperClassName}>
      {(control) => <input type="text" {...input} {...control} className={`${controlClass(error)} ${className ?? ""}`} />}
    </FormField>
  );
}

/** A labelled textarea; other props go to the textarea. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  required,
  wrapperClassName,
  className,
  rows = 3,
  ...textarea
}: Common & ComponentPropsWithRef<"textarea">) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} required={required} className={wrapperClassName}>
      {(control) => <textarea rows={rows} {...textarea} {...control} className={`${controlClass(error)} ${className ?? ""}`} />}
    </FormField>
  );
}

/** `lang`: the label's language when it is not the page's (an untranslated service's English name). */
export type SelectOption = { value: string; label: string; lang?: string };

/** A labelled select with an optional empty first option (the placeholder). */
export function SelectField({
  id,
  label,
  error,
  hint,
  required,
  wrapperClassName,
  className,
  options,
  placeholder,
  ...select
}: Common & ComponentPropsWithRef<"select"> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} required={required} className={wrapperClassName}>
      {(control) => (
        <select {...select} {...control} className={`${controlClass(error)} ${className ?? ""}`}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} lang={o.lang}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A checkbox with its label beside it (and its error under both). */
export function CheckboxField({
  id,
  label,
  error,
  wrapperClassName,
  className,
  ...input
}: Omit<Common, "hint" | "required"> & ComponentPropsWithRef<"input">) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={wrapperClassName}>
      <div className="flex items-start gap-3">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={`mt-0.5 h-5 w-5 shrink-0 rounded border-gray-500 accent-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 ${className ?? ""}`}
        />
        <label htmlFor={id} className="text-base text-gray-900">
          {label}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
