/**
 * Whether a loader runs for a client-side navigation (React Router fetches `<path>.data`)
 * rather than a document request. Pages stream their list then, so the shopper sees the
 * spec's placeholder cards at once; documents always carry the full content (DESIGN.md difference 5).
 */
export function isClientNavigation(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
