import busboy from "busboy";

/**
 * Reading a page form's post (a route action's Request) for forms that work before JavaScript.
 * The /api routes parse JSON with Express; a route action gets the raw Request, so the caps are
 * applied here while the body streams in.
 */

/** A body past one of the route's caps (bytes, parts, fields, files, a field's or a file's size): the action answers 413 without reading the rest. */
export class FormTooLargeError extends Error {
  constructor(reason = "Form body too large") {
    super(reason);
  }
}

/**
 * What one form may carry. Every count is capped, not only the bytes: 150,000 empty parts in 19 MB
 * (under the trade-in form's 40 MB) kept the event loop busy for 7.9 s when the whole body was parsed
 * at once (decision 086).
 */
export type FormLimits = {
  /** The whole body. */
  maxBytes: number;
  /** Text fields (default 100: the longest form, financing, has about 60). */
  maxFields?: number;
  /** One text field's value (default 32 KiB: a 5,000-character message is at most 15,000 bytes). */
  maxFieldBytes?: number;
  /** File parts, empty ones included (a file input with nothing chosen still posts one); default 0. */
  maxFiles?: number;
  /** One file (default: the whole body's cap). */
  maxFileBytes?: number;
};

/**
 * Reads the body as FormData (urlencoded or multipart) with a streaming parser (busboy), refusing it
 * with FormTooLargeError as soon as a cap is crossed: nothing more is parsed or kept. The rest of the
 * body, up to the byte cap, is still taken off the connection and dropped (no parsing, a few microseconds
 * a chunk): answering while the client is still sending, then closing, made the kernel reset the
 * connection, and the client saw a reset instead of the 413. A malformed body reads as an empty form
 * (the schema then reports every required field).
 */
export async function readFormData(request: Request, limits: FormLimits): Promise<FormData> {
  const { maxBytes, maxFields = 100, maxFieldBytes = 32 * 1024, maxFiles = 0, maxFileBytes = maxBytes } = limits;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new FormTooLargeError();
  const form = new FormData();
  let refusal: FormTooLargeError | null = null;
  let malformed = false;
  const refuse = (reason: string) => (refusal ??= new FormTooLargeError(reason));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "application/x-www-form-urlencoded" },
      limits: {
        fields: maxFields,
        fieldSize: maxFieldBytes,
        fieldNameSize: 200,
        files: maxFiles,
        fileSize: maxFileBytes,
        parts: maxFields + maxFiles,
      },
    });
  } catch {
    // A type busboy does not parse (text/plain, a multipart without its boundary): an empty form, its body unread.
    return form;
  }
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) refuse("A form field is too long");
    else form.append(name, value);
  });
  // A file's stream ends a tick after busboy reads its last byte: each is awaited before the form is complete.
  const files: Promise<void>[] = [];
  parser.on("file", (name, stream, info) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("limit", () => refuse("A file is too large"));
    files.push(
      new Promise<void>((resolve) => {
        stream.once("end", resolve);
        stream.once("close", resolve);
      }).then(() => {
        if (!refusal)
          form.append(name, new File([Buffer.concat(chunks) as Uint8Array<ArrayBuffer>], info.filename ?? "", { type: info.mimeType }));
      }),
    );
  });
  parser.on("partsLimit", () => refuse("Too many form parts"));
  parser.on("fieldsLimit", () => refuse("Too many form fields"));
  parser.on("filesLimit", () => refuse("Too many files"));
  parser.on("error", () => (malformed = true));
  const finished = new Promise<void>((resolve) => parser.once("close", resolve));

  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        refuse("Form body too large");
        // Past the cap nothing more is taken: the stream is left (not cancelled, which would destroy the
        // socket before the answer), and the answer closes the connection (Connection: close).
        reader.releaseLock();
        break;
      }
      // busboy parses what it is given at once, so a cap crossed inside this chunk is known here; once
      // refused or malformed, chunks are only counted and dropped.
      if (!refusal && !malformed) parser.write(value);
    }
  }
  if (refusal) {
    parser.destroy();
    throw refusal;
  }
  if (malformed) return new FormData();
  parser.end();
  await finished;
  await Promise.all(files);
  if (refusal) throw refusal;
  return malformed ? new FormData() : form;
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
