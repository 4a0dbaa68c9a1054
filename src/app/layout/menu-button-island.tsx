import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";

export type MenuButtonProps = { menuId: string; openLabel: string; closeLabel: string };

/**
 * The phone menu's button (decision 125): `popovertarget` opens and closes the menu with or without
 * JavaScript, and its icon follows the popover in CSS. Once hydrated (an island, decision 151), its name and
 * `aria-expanded` follow the popover too (before that, the browser exposes the expanded state of a
 * popover's button itself).
 */
export function MenuButtonIsland({ menuId, openLabel, closeLabel }: MenuButtonProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    const element = document.getElementById(menuId);
    if (!element) return;
    // Opened before hydration: say so now.
    setMenuOpen(isMenuOpen(element));
    setHydrated(true);
    const follow = () => setMenuOpen(isMenuOpen(element));
    element.addEventListener("toggle", follow);
    return () => element.removeEventListener("toggle", follow);
  }, [menuId]);
  return (
    <button
      type="button"
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 lg:hidden"
      popoverTarget={menuId}
      aria-expanded={hydrated ? menuOpen : undefined}
      aria-controls={menuId}
      aria-label={menuOpen ? closeLabel : openLabel}
    >
      <Menu aria-hidden="true" className="h-6 w-6 group-has-[.site-menu:popover-open]/header:hidden" />
      <X aria-hidden="true" className="hidden h-6 w-6 group-has-[.site-menu:popover-open]/header:block" />
    </button>
  );
}

/** Whether the popover is showing; false where the browser has no popovers (the menu then shows in the page). */
export function isMenuOpen(element: HTMLElement): boolean {
  try {
    return element.matches(":popover-open");
  } catch {
    return false;
  }
}
