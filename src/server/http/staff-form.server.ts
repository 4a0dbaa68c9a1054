import { stringifySetCookie } from "cookie";
import { data, redirect } from "react-router";
import type { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { safeEqual, sign } from "~/server/secrets.server";
import type { StaffFormError } from "~/shared/staff/staff-form-result";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { leadStatusFormKey, leadStatusSchema, type LeadStatus } from "~/shared/staff/lead-tracking";
import { pageCursorField, type PageCursor } from "~/server/data/page-cursor.server";
import { fieldErrorsOf, type ApiErrorBody } from "./api-errors.server";
import { readRequestCookie } from "./cookies.server";
import { FormTooLargeError, readFormData, type FormLimits } from "./form-post.server";

/**
 * The one way a staff page's form is answered (docs/decisions/101-one-staff-form-path.md). Every staff
 * form posts to its route's action (`<Form method="post">` with a hidden `intent` when a screen has
 * several: src/shared/ui/staff/staff-form.tsx); the action reads the body here, parses it with the form's
 * one zod schema (the JSON API's), calls the use case and answers:
 *   - a failure as the JSON API's error body `{ error, fieldErrors }` with the API's status (400, 404,
 *     409…), plus which form it was (`intent`) and what was typed, so the page shows each message by its field;
 *   - a success to React Router's post (JavaScript) as `{ ok: true, toast }`, the page's loaders revalidating;
 *   - a success to a plain post (no JavaScript) as a 303 to the page (post/redirect/get) with the
 *     toast in a signed one-time cookie that the next page shows.
 */

/** A staff form's body cap: a reply of 10,000 characters, each up to 9 bytes percent-encoded, fits. */
export const STAFF_FORM_MAX_BYTES = 128 * 1024;

export const FIX_FIELDS = "Please correct the highlighted fields.";

/** React Router's own request for an action or loader (a `<Form>` post with JavaScript): its path ends in `.data`. */
export const isDataRequest = (request: Request): boolean => new URL(request.url).pathname.endsWith(".data");

/**
 * The posted form, refusing a body past the cap with 413 (shown by the route's error boundary). A form
 * that takes files or a long field names its limits (`FormLimits`); the others only their byte cap.
 */
export async function readStaffForm(request: Request, limits: number | FormLimits = STAFF_FORM_MAX_BYTES): Promise<FormData> {
  try {
    return await readFormData(request, typeof limits === "number" ? { maxBytes: limits } : limits);
  } catch (error) {
    if (error instanceof FormTooLargeError) throw data({ error: "This form is too large." } satisfies StaffFormError, { status: 413 });
    throw error;
  }
}

/** The posted text fields by name (a file or a repeated name keeps only its first text value). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

/**
 * A record page's post: its fields, what it asks (`intent`) and the record's id (the page's own, or the
 * list row's `id` field when posted from a list).
 */
export function recordFormOf(form: FormData, pageId: string | undefined): { fields: Record<string, string>; intent: string; id: string } {
  const fields = formFields(form);
  return { fields, intent: fields.intent ?? "", id: pageId ?? fields.id ?? "" };
}

/**
 * A staff list's query string as its schema reads it (filters and the page link, decision 100): an
 * empty value counts as absent, a repeated one stays a list (for the schema to refuse).
 */
export function staffQueryInput(params: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((value) => value !== "");
    if (values.length > 0) input[key] = values.length === 1 ? values[0] : values;
  }
  return input;
}

/**
 * A number typed into a staff form, as the JSON API would receive it: plain decimal digits (and a
 * leading minus, so the schema can say the value cannot be negative) become a number; anything else,
 * blank included, goes on as typed, so the schema refuses it with the field's own message ("0x10",
 * "1e3" or "12 months" are never read as numbers).
 */
export function formNumber(text: string | undefined): number | string | undefined {
  if (text === undefined) return undefined;
  return /^-?\d{1,15}(?:\.\d{1,10})?$/.test(text.trim()) ? Number(text.trim()) : text;
}

/**
 * A list's lead-status filter in the address (`/podium/deals?status=new`): the status, or none; a status
 * the API would refuse (a link typed by hand) gives the API's message for the filter to show.
 */
export function leadStatusFilter(url: URL): { status: LeadStatus | null; error: string | null } {
  const asked = url.searchParams.get("status") || null;
  if (asked === null) return { status: null, error: null };
  const parsed = leadStatusSchema.safeParse({ status: asked });
  return parsed.success
    ? { status: parsed.data.status, error: null }
    : { status: null, error: fieldErrorsOf(parsed.error).status ?? FIX_FIELDS };
}

/**
 * A list's page in the address (`before=`, the last row of the page before, decision 128): as given, the
 * place it names, or the page link's message when it is not one a list wrote (cut short, typed by hand).
 */
export function pageCursorFilter(url: URL): { before: string | null; after: PageCursor | undefined; error: string | null } {
  const before = url.searchParams.get("before") || null;
  if (before === null) return { before, after: undefined, error: null };
  const parsed = pageCursorField.safeParse(before);
  return parsed.success
    ? { before, after: parsed.data, error: null }
    : { before, after: undefined, error: parsed.error.issues[0]?.message ?? FIX_FIELDS };
}

const SECRET_FIELD = /password|code|token|ssn/i;

/** A refused form: the API's status and body, the form's intent and what was typed (secrets left out). */
export function staffFormFailure(
  status: number,
  error: string,
  extra: { intent?: string; fieldErrors?: Record<string, string>; input?: Record<string, unknown> } = {},
) {
  const values = extra.input
    ? Object.fromEntries(
        Object.entries(extra.input).flatMap(([name, value]) =>
          typeof value === "string" && !SECRET_FIELD.test(name) ? [[name, value.slice(0, 20_000)]] : [],
        ),
      )
    : undefined;
  return data<StaffFormError & ApiErrorBody>(
    { error, ...(extra.intent ? { intent: extra.intent } : {}), ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}), values },
    { status },
  );
}

/** Parses a form's input with its schema; a failure is the 400 the JSON API would send, ready to return. */
export function parseStaffForm<S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
  intent?: string,
): { ok: true; data: z.infer<S> } | { ok: false; failure: ReturnType<typeof staffFormFailure> } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, failure: staffFormFailure(400, FIX_FIELDS, { intent, fieldErrors: fieldErrorsOf(result.error), input }) };
}

/**
 * A form that did what it asked: `{ ok, toast }` to React Router's post; a 303 to `redirectTo` (default:
 * the page posted to) with the toast in the flash cookie to a plain post, or whenever the record moved.
 * `moveTo` is a page to show next where the toast still belongs to this form (a record just created, a
 * list after a delete): React Router's post gets `{ ok, toast, location }` and the form moves there after
 * its toast (useStaffForm); a plain post the 303 there, with the flash.
 */
export function staffFormSuccess(
  ctx: AppContext,
  request: Request,
  answer: { intent?: string; toast?: string; redirectTo?: string; moveTo?: string },
) {
  if (isDataRequest(request) && !answer.redirectTo)
    return { ok: true as const, intent: answer.intent, toast: answer.toast, ...(answer.moveTo ? { location: answer.moveTo } : {}) };
  const url = new URL(request.url);
  return redirect(answer.redirectTo ?? answer.moveTo ?? `${url.pathname}${url.search}`, {
    status: 303,
    headers: answer.toast ? { "Set-Cookie": staffFlashCookie(ctx, request, answer.toast) } : undefined,
  });
}

/**
 * A lead status posted from a record's status form (LeadStatusForm, intent `status`) on any lead kind's
 * screen: read with the API's schema, saved by the kind's own use case (`save`, false when there is no
 * such record), and answered under that record's form key with the toast saying what it is now.
 */
export async function staffLeadStatusPost(
  ctx: AppContext,
  request: Request,
  id: string,
  fields: Record<string, string | undefined>,
  save: (status: LeadStatus) => Promise<boolean>,
) {
  const key = leadStatusFormKey(id);
  const parsed = parseStaffForm(leadStatusSchema, { status: fields.status }, key);
  if (!parsed.ok) return parsed.failure;
  if (!(await save(parsed.data.status))) return staffFormFailure(404, "Not found", { intent: key });
  const status = staffMessagesFor().leads.status;
  return staffFormSuccess(ctx, request, { intent: key, toast: status.saved(status.values[parsed.data.status]) });
}

/** The one-time message a staff page shows after a redirect: a short-lived cookie for the staff pages only. */
export const STAFF_FLASH_COOKIE = "staff_flash";
const FLASH_PATH = "/podium";

const secure = (request: Request) => new URL(request.url).protocol === "https:";

export function staffFlashCookie(ctx: AppContext, request: Request, message: string): string {
  const body = Buffer.from(message.slice(0, 300), "utf8").toString("base64url");
  return stringifySetCookie({
    name: STAFF_FLASH_COOKIE,
    value: `${body}.${sign(ctx.secrets.cookieKey, `staff-flash|${body}`)}`,
    path: FLASH_PATH,
    maxAge: 60,
    httpOnly: true,
    sameSite: "strict",
    secure: secure(request),
  });
}

/** The flash message the request carries, if its signature holds. */
export function readStaffFlash(ctx: AppContext, request: Request): string | null {
  const value = readRequestCookie(request, STAFF_FLASH_COOKIE);
  const [body, signature] = value?.split(".") ?? [];
  if (!body || !signature || body.length > 500) return null;
  if (!safeEqual(signature, sign(ctx.secrets.cookieKey, `staff-flash|${body}`))) return null;
  return Buffer.from(body, "base64url").toString("utf8");
}

export const clearStaffFlashCookie = (request: Request): string =>
  stringifySetCookie({
    name: STAFF_FLASH_COOKIE,
    value: "",
    path: FLASH_PATH,
    maxAge: 0,
    httpOnly: true,
    sameSite: "strict",
    secure: secure(request),
  });
