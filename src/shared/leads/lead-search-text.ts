/**
 * How the inbox's free-text search reads a lead (docs/behaviour.md §17): name, e-mail and phone
 * as typed, plus the phone's digits alone, each folded to lower case without accents, so "joao"
 * finds "João", "JOÃO" finds it on both engines (their lower() knows only ASCII), and "5550199"
 * finds "(978) 555-0199". Stored with each lead (migration 027) so the database compares one
 * column it can index instead of folding three for every lead on every search.
 */

/** Between the parts: a control character no name, address or phone contains, so a search cannot match across two. */
export const SEARCH_SEPARATOR = "\u001f";

/** Lower case, accents removed (NFD, combining marks dropped). */
export function foldSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export function leadSearchText(lead: { name: string; email: string; phone: string }): string {
  return [lead.name, lead.email, lead.phone, lead.phone.replace(/\D/g, "")].map(foldSearch).join(SEARCH_SEPARATOR);
}
