import { useId, type ComponentPropsWithoutRef, type ReactNode } from "react";

/**
 * The staff forms' fields (docs/decisions/101-one-staff-form-path.md): a label, the control, and the
 * field's message right under it, tied to the control by aria-describedby and aria-invalid, the same on
 * every staff screen. `error` is the message of the action's `fieldErrors` for this field's name.
 *   <TextField name="subject" label="Subject" error={form.errors.subject} defaultValue={form.values.subject} />
 *   <SelectField name="kind" label="Type" options={[["call", "Call"], ["text", "Text"]]} />
 */
export const staffControlClass = (error?: string) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 ${
    error ? "border-red-700" : "border-gray-500"
  }`;
export const staffLabelClass = "block text-sm font-medium text-gray-800";

/**
 * `required`: a visible mark beside the label (not in it, so the control's name stays its label) and
 * aria-required on the control; the server still decides.
 */
type FieldFrame = { name: string; label: ReactNode; error?: string; hint?: ReactNode; className?: string; required?: boolean };

/** The label, hint and message around one control; `control` gets the id and ARIA props. */
function Field({
  name,
  label,
  error,
  hint,
  className,
  required,
  control,
}: FieldFrame & {
  control: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string; "aria-required"?: true }) => ReactNode;
}) {
  const id = `${useId()}-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      {required ? (
        <div className={staffLabelClass}>
          <label htmlFor={id}>{label}</label>
          <RequiredMark />
        </div>
      ) : (
        <label htmlFor={id} className={staffLabelClass}>
          {label}
        </label>
      )}
      {control({
        id,
        name,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(described ? { "aria-describedby": described } : {}),
        ...(required ? { "aria-required": true as const } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<ComponentPropsWithoutRef<"input">, "name" | "id" | "className">;

export function TextField({ name, label, error, hint, className, required, ...input }: FieldFrame & InputProps) {
  return (
    <Field
      {...{ name, label, error, hint, className, required }}
      control={(p) => <input type="text" {...input} {...p} className={staffControlClass(error)} />}
    />
  );
}

/** A number typed by staff (money, days): digits on a phone's keyboard, the server still checks it. */
export function NumberField({ name, label, error, hint, className, required, ...input }: FieldFrame & InputProps) {
  return (
    <Field
      {...{ name, label, error, hint, className, required }}
      control={(p) => <input type="text" inputMode="decimal" autoComplete="off" {...input} {...p} className={staffControlClass(error)} />}
    />
  );
}

export function TextAreaField({
  name,
  label,
  error,
  hint,
  className,
  required,
  ...textarea
}: FieldFrame & Omit<ComponentPropsWithoutRef<"textarea">, "name" | "id" | "className">) {
  return (
    <Field
      {...{ name, label, error, hint, className, required }}
      control={(p) => <textarea {...textarea} {...p} className={staffControlClass(error)} />}
    />
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  className,
  required,
  options,
  ...select
}: FieldFrame &
  Omit<ComponentPropsWithoutRef<"select">, "name" | "id" | "className"> & { options: readonly (readonly [string, string])[] }) {
  return (
    <Field
      {...{ name, label, error, hint, className, required }}
      control={(p) => (
        <select {...select} {...p} className={staffControlClass(error)}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** The visible "required" mark; screen readers get aria-required on the control instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 font-semibold text-red-800">
      *
    </span>
  );
}

/** A form's own message (not a field's): the API's `error` for a refusal no field explains (409, 404). */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-800">
      {children}
    </p>
  );
}

/**
 * A checkbox with its label beside it and its message under it (a boolean setting, a "do not contact"
 * channel). Unticked, a checkbox posts nothing: the action reads its absence as false.
 */
export function CheckboxField({ name, label, error, hint, className, ...input }: FieldFrame & Omit<InputProps, "type">) {
  const id = `${useId()}-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-gray-800">
        <input
          type="checkbox"
          {...input}
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className="h-5 w-5 shrink-0 accent-red-700"
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
