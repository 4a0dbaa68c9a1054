import { z } from "zod";
import type { StaffMessages } from "~/shared/i18n/staff-messages";

export const SERVICE_NAME_MAX = 80;
export const SERVICE_DESCRIPTION_MAX = 400;

/**
 * A service's name and description in English (required) and in Spanish and Portuguese
 * (optional: empty means "not translated", stored as null and shown in English, decision 068).
 * One schema for the Services editor and PUT /api/admin/services/:id.
 */
export function serviceTextsSchema(m: StaffMessages["services"]["validation"]) {
  const optional = (max: number, tooLong: string) =>
    z
      .string()
      .trim()
      .max(max, tooLong)
      .nullish()
      .transform((value) => (value ? value : null));
  const translation = z.object({
    name: optional(SERVICE_NAME_MAX, m.nameTooLong),
    description: optional(SERVICE_DESCRIPTION_MAX, m.descriptionTooLong),
  });
  return z.object({
    name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(SERVICE_NAME_MAX, m.nameTooLong),
    description: z.string(m.descriptionRequired).trim().min(1, m.descriptionRequired).max(SERVICE_DESCRIPTION_MAX, m.descriptionTooLong),
    translations: z.object({ es: translation, pt: translation }),
  });
}

export type ServiceTextsInput = z.infer<ReturnType<typeof serviceTextsSchema>>;
