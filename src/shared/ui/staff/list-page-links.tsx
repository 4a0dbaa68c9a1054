import { Link } from "react-router";
import { buttonClass } from "./button";

/**
 * The page links under a staff list paged newest first by `before=` and filtered by a lead status
 * (decision 128: Trade-ins, Deals): the page link's message when the address's is not one the list
 * wrote, *newest* back to the first page when on a later one, *older* when this page is full. Each
 * keeps the status filter, so the pages work before JavaScript and a shared link lands on the same page.
 */
export function ListPageLinks(props: {
  /** The navigation's name, read by screen readers ("Pages of deal sheets"). */
  label: string;
  newest: string;
  older: string;
  status: string | null;
  before: string | null;
  beforeError: string | null;
  next: string | null;
}) {
  return (
    <>
      {props.beforeError ? (
        <p role="alert" className="text-red-800">
          {props.beforeError}
        </p>
      ) : null}
      {props.before || props.next ? (
        <nav aria-label={props.label} className="flex flex-wrap gap-3">
          {props.before ? (
            <Link to={listQuery(props.status, null)} className={buttonClass("secondary", "md", "min-h-11")}>
              {props.newest}
            </Link>
          ) : null}
          {props.next ? (
            <Link to={listQuery(props.status, props.next)} className={buttonClass("secondary", "md", "min-h-11")}>
              {props.older}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** The list's address: the status filter kept, the page (`before=`) as given. */
function listQuery(status: string | null, before: string | null): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (before) params.set("before", before);
  const query = params.toString();
  return query ? `?${query}` : "?";
}
