/** What a spreadsheet reads as the start of a formula (OWASP "CSV Injection"; ASVS 1.2.10; CWE-1236). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Free text as a spreadsheet must not run it: a leading ' when it begins like a formula (decision 061).
 * For cells typed by people (titles, descriptions, makes); values the system writes itself, such as the
 * dealer's E.164 phone "+1978…" or a negative longitude, stay exact for the machines that read them.
 */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
