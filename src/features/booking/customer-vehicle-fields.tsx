import { useMessages } from "~/shared/i18n/messages";
import { TextField } from "~/shared/ui/form-field";

/** The customer's own vehicle on a booking: all optional; the VIN fills in what is left blank. */
export const VEHICLE_FIELDS = ["vehicleYear", "vehicleMake", "vehicleModel", "vehicleMileage", "vehicleVin"] as const;

/**
 * The "Your vehicle (optional)" group of the booking form, shared by the interactive step and the
 * form without JavaScript: plain named inputs, so both post the same fields.
 */
export function CustomerVehicleFields({
  idPrefix,
  errors,
  values = {},
  focus,
}: {
  idPrefix: string;
  errors: Partial<Record<string, string>>;
  values?: Partial<Record<string, string>>;
  /** The field that has the focus when the page opens: the first with a message in a post's answer. */
  focus?: string;
}) {
  const messages = useMessages();
  const m = messages.booking.vehicle;
  // Make, mileage and VIN say what the vehicle page says (one word each, already in every catalogue).
  const v = messages.vehicle;
  const field = (name: (typeof VEHICLE_FIELDS)[number], label: string, extra: { inputMode?: "numeric"; maxLength?: number } = {}) => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      label={label}
      error={errors[name]}
      defaultValue={values[name]}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 158)
      autoFocus={focus === name}
      {...extra}
    />
  );
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 font-semibold text-gray-900">{m.legend}</legend>
      {field("vehicleYear", m.year, { inputMode: "numeric", maxLength: 4 })}
      {field("vehicleMake", messages.inventory.make, { maxLength: 50 })}
      {field("vehicleModel", m.model, { maxLength: 50 })}
      {field("vehicleMileage", v.mileage, { inputMode: "numeric" })}
      {field("vehicleVin", v.vin, { maxLength: 17 })}
    </fieldset>
  );
}
