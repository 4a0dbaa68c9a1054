import { useMessages } from "~/shared/i18n/messages";
import { TextAreaField, TextField } from "~/shared/ui/form-field";
import { CustomerVehicleFields, VEHICLE_FIELDS } from "./customer-vehicle-fields";

/** The customer's fields of a booking in the order they show. */
export const CUSTOMER_FIELDS = [
  "customerFirstName",
  "customerLastName",
  "customerEmail",
  "customerPhone",
  "notes",
  ...VEHICLE_FIELDS,
] as const;

/** Field name → message, or typed text, from the route action's answer to the last post. */
type ByField = Partial<Record<string, string>>;

/**
 * The customer's details of a booking (name, e-mail, phone, notes, their own vehicle), shared by the wizard's last step
 * and the form without JavaScript: plain named inputs with what was typed and each field's message from the route
 * action's answer, and the focus on `focus` (the first field with a message) when the page opens.
 */
export function CustomerDetailsFields({
  idPrefix,
  values = {},
  errors = {},
  focus,
}: {
  idPrefix: string;
  values?: ByField;
  errors?: ByField;
  focus?: string;
}) {
  const m = useMessages().booking;
  const text = (
    name: "customerFirstName" | "customerLastName" | "customerEmail" | "customerPhone",
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      label={label}
      error={errors[name]}
      type={type}
      autoComplete={autoComplete}
      required
      defaultValue={values[name]}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 158)
      autoFocus={focus === name}
    />
  );
  return (
    <>
      {text("customerFirstName", m.firstName, "text", "given-name")}
      {text("customerLastName", m.lastName, "text", "family-name")}
      {text("customerEmail", m.email, "email", "email")}
      {text("customerPhone", m.phone, "tel", "tel")}
      <TextAreaField
        id={`${idPrefix}-notes`}
        name="notes"
        label={m.notes}
        error={errors.notes}
        defaultValue={values.notes}
        placeholder={m.notesPlaceholder}
        wrapperClassName="sm:col-span-2"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 158)
        autoFocus={focus === "notes"}
      />
      <CustomerVehicleFields idPrefix={idPrefix} errors={errors} values={values} focus={focus} />
    </>
  );
}
