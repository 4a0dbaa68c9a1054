/**
 * What a staff page's action answers a form (docs/decisions/101-one-staff-form-path.md), shared by the
 * actions (src/server/http/staff-form.server.ts) and the forms (src/shared/ui/staff/staff-form.ts).
 */

/** A refused form: the JSON API's error body (`ApiErrorBody`: a message, one per invalid field), plus the form and what was typed. */
export type StaffFormError = {
  ok?: undefined;
  error: string;
  fieldErrors?: Record<string, string>;
  /** Which of the page's forms was refused. */
  intent?: string;
  /** What was typed, to fill the form again after a post without JavaScript (never a password or a code). */
  values?: Record<string, string>;
};

/**
 * A form that did what it asked, answered to React Router's post (with JavaScript). `location`: the page
 * to show next (a record just created, a list after a delete), moved to after the toast shows, in place
 * of the page posted to (a post without JavaScript gets a 303 there instead).
 */
export type StaffFormSuccess = { ok: true; intent?: string; toast?: string; location?: string };

export type StaffFormResult = StaffFormError | StaffFormSuccess;
