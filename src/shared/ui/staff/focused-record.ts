import { useEffect, useRef } from "react";

/**
 * The record a staff mail's link names (/podium?tab=…&id=…): once its list has loaded, its row is
 * marked (aria-current), scrolled into view and focused, so the person lands on it. Returns the
 * props to spread on each row; only the named row gets any.
 */
export function useFocusedRecord(focusId: string | null | undefined, loaded: boolean) {
  const row = useRef<HTMLElement | null>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!loaded || done.current || !row.current) return;
    done.current = true;
    row.current.scrollIntoView({ block: "center" });
    row.current.focus({ preventScroll: true });
  });
  return (id: string) =>
    id === focusId
      ? {
          "aria-current": true as const,
          tabIndex: -1,
          ref: (element: HTMLElement | null) => {
            row.current = element;
          },
        }
      : {};
}
