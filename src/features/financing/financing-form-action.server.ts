import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { FormTooLargeError, formInput, readFormData, schemaFieldNames } from "~/server/http/form-post.server";
import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import { renderTypedSignature } from "~/server/images/typed-signature.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import { localeFromPath } from "~/shared/i18n/locales";
import { LICENSE_FILE_INPUT, SIGNATURE_MAX_BYTES, TYPED_SIGNATURE_INPUT, type FinancingPostResult } from "./financing-fields";
import { pdfAccessSetCookie } from "./financing-pdf-access.server";
import { financingApplicationSchema } from "./financing-schema";
import { FinancingDocumentError, submitFinancingApplication } from "./financing.server";
import { StorageUnavailableError } from "~/server/storage/file-store.server";

/** Same cap as POST /api/financing: two 10 MB licenses (multipart carries them as bytes, not base64) and the fields. */
export const FINANCING_FORM_MAX_BYTES = 30 * 1024 * 1024;
/** Never sent back into the page: the shopper types these again (the file inputs cannot be refilled anyway). */
const NOT_ECHOED = new Set([
  "ssn",
  "coOwnerSsn",
  "dateOfBirth",
  "coOwnerDateOfBirth",
  ...Object.keys(TYPED_SIGNATURE_INPUT),
  ...Object.keys(LICENSE_FILE_INPUT),
]);

async function fileAsDataUrl(value: FormDataEntryValue | null): Promise<string> {
  if (!value || typeof value === "string" || value.size === 0) return "";
  return `data:${value.type || "application/octet-stream"};base64,${Buffer.from(await value.arrayBuffer()).toString("base64")}`;
}

/**
 * The financing form posted to /financing, with JavaScript (submitted by React Router) or without (decisions 025
 * and 062): the license files arrive as multipart uploads; each signature as the pad's image
 * (with JavaScript) or as a typed name rendered into the same kind of image (without); then the
 * same schema and service as POST /api/financing. On success the answer carries the cookie that
 * lets this browser download its PDF copy.
 */
export async function financingFormPost(ctx: AppContext, request: Request): Promise<{ result: FinancingPostResult; setCookie?: string }> {
  let formData: FormData;
  try {
    formData = await readFormData(request, {
      maxBytes: FINANCING_FORM_MAX_BYTES,
      // The pad's drawings arrive as data URLs in text fields: room past their 1 MB so the schema can say so.
      maxFieldBytes: 3 * SIGNATURE_MAX_BYTES,
      maxFiles: Object.keys(LICENSE_FILE_INPUT).length,
    });
  } catch (error) {
    if (error instanceof FormTooLargeError) return { result: { kind: "too-large" } };
    throw error;
  }
  // The page's language (/es/financing, /pt/financing): its field messages, the shopper's mail and PDF copy.
  const locale = localeFromPath(new URL(request.url).pathname);
  const schema = financingApplicationSchema(messagesFor(locale));
  const input = formInput(formData, schema);
  for (const [field, inputName] of Object.entries(LICENSE_FILE_INPUT)) input[field] = await fileAsDataUrl(formData.get(inputName));
  for (const [field, inputName] of Object.entries(TYPED_SIGNATURE_INPUT)) {
    // The pad's drawing (posted with JavaScript), which the schema checks as it does the API's.
    if (input[field]) continue;
    const typed = String(formData.get(inputName) ?? "")
      .trim()
      .slice(0, 100);
    input[field] = typed ? await renderTypedSignature(typed) : "";
  }
  const invalid = (fieldErrors: Record<string, string>): { result: FinancingPostResult } => ({
    result: {
      kind: "invalid",
      fieldErrors,
      // The schema's text fields as typed, but for those the shopper enters again.
      values: Object.fromEntries(
        schemaFieldNames(schema)
          .filter((name) => !NOT_ECHOED.has(name) && typeof formData.get(name) === "string")
          .map((name) => [name, String(formData.get(name)).slice(0, 2000)]),
      ),
    },
  });
  const parsed = schema.safeParse(input);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  try {
    const { id } = await submitFinancingApplication(
      ctx,
      parsed.data,
      new Date(),
      locale,
      leadSourceFromCookieHeader(request.headers.get("cookie")),
    );
    const secure = new URL(request.url).protocol === "https:";
    return { result: { kind: "submitted", id }, setCookie: pdfAccessSetCookie(ctx.secrets.cookieKey, id, secure) };
  } catch (error) {
    if (error instanceof FinancingDocumentError) return invalid(error.fieldErrors);
    // The documents could not be stored, so neither was the application (decision 123): "Failed to submit".
    if (error instanceof StorageUnavailableError) return { result: { kind: "failed" } };
    throw error;
  }
}
