import { z } from "zod";
import type { AlertsMessages } from "~/shared/i18n/alerts-messages";
import { FILTER_KEYS } from "~/shared/lib/inventory-filters";
import { mailableEmailField, uuidField } from "~/shared/validation/fields";
import { ALERT_HONEYPOT_FIELD } from "./alert-fields";

/**
 * The alerts form on /saved and /alerts (docs/behaviour.md §21): an address with a deliverable domain's
 * syntax; what to follow comes from the device's saved list. Loaded by the form on first focus.
 */
export const alertFormSchema = (m: AlertsMessages) =>
  z.object({
    email: mailableEmailField(m.form.invalidEmail),
    [ALERT_HONEYPOT_FIELD]: z.string().max(200).optional(),
  });

export type AlertFormValues = z.infer<ReturnType<typeof alertFormSchema>>;

/** A filter's value as the inventory's URL has it: text, or a number a client sent as one. */
const filterValue = z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(100)).optional();

/**
 * `POST /api/alerts`: `{ email, locale, vehicleId }` or `{ email, locale, search: { …the inventory's
 * filters as in its URL } }` (docs/behaviour.md §7, §21). Unknown filter names are refused.
 */
export const alertApiSchema = (m: AlertsMessages) =>
  z
    .object({
      email: mailableEmailField(m.form.invalidEmail),
      locale: z.string().optional(),
      vehicleId: uuidField(m.form.unknownVehicle).optional(),
      search: z.strictObject(Object.fromEntries(FILTER_KEYS.map((key) => [key, filterValue])), { error: m.form.badSearch }).optional(),
    })
    .refine((input) => (input.vehicleId === undefined) !== (input.search === undefined), { message: m.form.oneItem, path: ["vehicleId"] });

export type AlertApiInput = z.infer<ReturnType<typeof alertApiSchema>>;
