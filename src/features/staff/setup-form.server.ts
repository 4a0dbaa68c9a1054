import { FormTooLargeError, readFormData } from "~/server/http/form-post.server";

/** A token and a password: a few hundred bytes. Anything near this cap is not the setup form. */
export const SETUP_FORM_MAX_BYTES = 16 * 1024;

/** The password-setup form's post, or null when its body is past the cap (the action answers 413). */
export async function readSetupForm(request: Request): Promise<FormData | null> {
  try {
    return await readFormData(request, { maxBytes: SETUP_FORM_MAX_BYTES });
  } catch (error) {
    if (error instanceof FormTooLargeError) return null;
    throw error;
  }
}
