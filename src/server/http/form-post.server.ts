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

/** A zod schema's definition, as far as reading a form needs it. */
type DefLike = {
  type: string;
  in?: SchemaLike;
  out?: SchemaLike;
  innerType?: SchemaLike;
  shape?: Record<string, SchemaLike>;
  values?: unknown[];
};
type SchemaLike = { _zod: { def: DefLike } };

/**
 * What a pipe reads as: a preprocess (a transform piped into a schema) by the schema after it, a
 * schema piped on into a transform or a narrower schema by the schema it starts with.
 */
function throughPipe(def: DefLike): DefLike | undefined {
  if (def.type !== "pipe") return undefined;
  const first = def.in?._zod.def;
  return first?.type === "transform" ? def.out?._zod.def : first;
}

/** The object a form's schema describes, through its pipes, preprocessing and transforms. */
function objectShape(schema: SchemaLike): Record<string, SchemaLike> {
  let def = schema._zod.def;
  for (let next = throughPipe(def); next; next = throughPipe(def)) def = next;
  return def.shape ?? {};
}

/** A form schema's fields by their form names: a nested object's fields are dotted ("condition.tires"). */
function formFields(schema: SchemaLike, prefix = ""): [string, SchemaLike][] {
  return Object.entries(objectShape(schema)).flatMap(([name, field]): [string, SchemaLike][] =>
    Object.keys(objectShape(field)).length > 0 ? formFields(field, `${prefix}${name}.`) : [[`${prefix}${name}`, field]],
  );
}

/** True for a field the schema reads as a boolean (a checkbox; `true` only for a box that must be ticked), through optional, default and pipes. */
function isBooleanField(schema: SchemaLike): boolean {
  let def = schema._zod.def;
  for (;;) {
    const next = def.innerType?._zod.def ?? throughPipe(def);
    if (next) def = next;
    else return def.type === "boolean" || (def.type === "literal" && Boolean(def.values?.every((v) => typeof v === "boolean")));
  }
}

/** The names of a form schema's fields, in schema order: what a post may carry and echo. */
export function schemaFieldNames(schema: SchemaLike): string[] {
  return formFields(schema).map(([name]) => name);
}

/**
 * A posted form's values as the JSON API would receive them, by the form's own schema: its text
 * fields as strings, its boolean fields as checkboxes (a ticked box posts its value, an unticked
 * one nothing). Names the schema does not have, and files, are left out (callers that take
 * uploads read them from the FormData themselves).
 */
export function formInput(formData: FormData, schema: SchemaLike): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of formFields(schema)) {
    const value = formData.get(name);
    if (isBooleanField(field)) values[name] = formData.has(name);
    else if (typeof value === "string") values[name] = value;
  }
  return values;
}
