/**
 * `financing-application-{first}-{last}.pdf` with only safe file-name characters (docs/behaviour.md §7):
 * the name of the staff PDF, set by the server and used by the dashboard's download link.
 */
export function staffPdfFileName(firstName: string, lastName: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "applicant";
  return `financing-application-${safe(firstName)}-${safe(lastName)}.pdf`;
}
