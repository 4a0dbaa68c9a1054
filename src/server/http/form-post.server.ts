/**
 * Reading a page form's post (a route action's Request) for forms that work before JavaScript.
 * The /api routes parse JSON with Express; a route action gets the raw Request, so the size cap
 * is applied here while the body streams in.
 */

/** A body past the route's cap: the action answers 413 without parsing it. */
export class FormTooLargeError extends Error {
  constructor() {
    super("Form body too large");
  }
}

/** Reads the body as FormData (urlencoded or multipart), refusing more than `maxBytes`. */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new FormTooLargeError();
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw new FormTooLargeError();
      }
      chunks.push(value);
    }
  }
  const body = Buffer.concat(chunks);
  const contentType = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  try {
    return await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    // A malformed body reads as an empty form: the schema then reports every required field.
    return new FormData();
  }
}

/**
 * The form's text values by name, as the JSON API would receive them: checkboxes listed in
 * `checkboxes` become booleans (a ticked box posts its value, an unticked one nothing); files
 * are left out (callers that take uploads read them from the FormData themselves).
 */
export function formValues(formData: FormData, checkboxes: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && !(name in values)) values[name] = value;
  }
  for (const name of checkboxes) values[name] = formData.has(name);
  return values;
}
