import { Link } from "react-router";
import { buttonClass } from "./button";

/**
 * The page links under a staff list paged newest first by `before=` and filtered by a lead status
 * (decision 128: Trade-ins, Deals): the page link's message when the address's is not one the list
 * wrote, *newest* back to the first page when on a later one, *older* when this page is full. Each
 * keeps the status filter, so the pages work before JavaScript and a shared link lands on the same page.
 */
export function ListPageLinks({ list, text }: { list: ListPage; text: ListPageText }) {
  return (
    <>
      {list.beforeError ? (
        <p role="alert" className="text-red-800">
          {list.beforeError}
        </p>
      ) : null}
      {list.before || list.next ? (
        <nav aria-label={text.pages} className="flex flex-wrap gap-3">
          {list.before ? (
            <Link to={listQuery(list.status, null)} className={buttonClass("secondary", "md", "min-h-11")}>
              {text.newest}
            </Link>
          ) : null}
          {list.next ? (
            <Link to={listQuery(list.status, list.next)} className={buttonClass("secondary", "md", "min-h-11")}>
              {text.older}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** Where a list is: its status filter, the page the address asked for (as given) and its message, the next page. */
export type ListPage = { status: string | null; before: string | null; beforeError: string | null; next: string | null };

/** The links' words: the navigation's name for screen readers ("Pages of deal sheets"), then each link. */
export type ListPageText = { pages: string; newest: string; older: string };

/** The list's address: the status filter kept, the page (`before=`) as given. */
function listQuery(status: string | null, before: string | null): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (before) params.set("before", before);
  const query = params.toString();
  return query ? `?${query}` : "?";
}
