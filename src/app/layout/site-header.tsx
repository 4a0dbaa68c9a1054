import { Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { businessProfile } from "~/shared/config/business-profile";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from "~/shared/ui/brand-icons";
import { Island } from "~/shared/ui/island";
import { LanguageSwitcher } from "./language-switcher";
import { isMenuOpen, MenuButtonIsland } from "./menu-button-island";
import { OpenStatusBadge } from "./open-status-badge";

const navItems = [
  { to: "/", key: "home" },
  { to: "/inventory", key: "inventory" },
  // Loads as its own document, so it always carries its opener policy (decision 052).
  { to: "/financing", key: "financing", reloadDocument: true },
  { to: "/booking", key: "service" },
  { to: "/about", key: "about" },
  { to: "/contact", key: "contact" },
] as const;

/**
 * In the phone menu; the full bar has it under a short name from 1280 px only, as at 1024 px it has no
 * room for a seventh link (the trade-in page is also linked from the home page and every vehicle's estimate).
 */
const menuOnlyItems = [{ to: "/trade-in", key: "tradeIn" }] as const;

/** The phone menu's id: its button opens it as a popover (`popovertarget`), with or without JavaScript. */
const MENU_ID = "mobile-menu";

/**
 * Shared header: brand, nav with the current route highlighted, social links and the menu. The
 * full bar needs 1024 px; below that the nav, social and call links are in the menu, and a call
 * button stays in the bar at every width. The brand wraps to two lines on phones, never truncated.
 *
 * The menu is an HTML popover (decision 125): the browser opens and closes it, so a tap works before
 * the page hydrates and with JavaScript off, and a tap outside or Escape closes it. Its button is an island
 * (menu-button-island.tsx, decision 151); on a page that hydrates whole, a navigation closes the menu.
 */
export function SiteHeader() {
  const path = useLocalizedPath();
  const m = useMessages();
  const menu = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const closeMenu = () => {
    if (menu.current && isMenuOpen(menu.current)) menu.current.hidePopover();
  };
  // Any navigation (including Back) closes the mobile menu; not the first render, which may find it opened.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    closeMenu();
  }, [location.pathname]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
      isActive ? "bg-red-700 text-white" : "text-gray-800 hover:bg-gray-100 hover:text-red-800"
    }`;

  return (
    <header className="site-header group/header sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex min-h-16 max-w-7xl items-center justify-between gap-2 px-4 py-2 sm:gap-3">
        <div className="flex min-w-0 flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
          <Link to={path("/")} className="text-base leading-tight font-extrabold tracking-tight text-balance text-gray-900 sm:text-lg">
            {businessProfile.name}
          </Link>
          <OpenStatusBadge />
        </div>
        <nav aria-label={m.layout.nav.label} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={path(item.to)}
                  end={item.to === "/"}
                  className={linkClass}
                  prefetch="intent"
                  reloadDocument={"reloadDocument" in item}
                >
                  {m.layout.nav[item.key]}
                </NavLink>
              </li>
            ))}
            {/* Its question is too long for the bar: a short name, and from 1280 px only. */}
            <li className="hidden xl:block">
              <NavLink to={path("/trade-in")} className={(state) => `whitespace-nowrap ${linkClass(state)}`} prefetch="intent">
                {m.layout.nav.tradeInShort}
              </NavLink>
            </li>
          </ul>
        </nav>
        <LanguageSwitcher className="hidden md:block" />
        <div className="hidden items-center gap-1 lg:flex">
          <SocialLinks />
        </div>
        <a
          href={`tel:${businessProfile.phoneE164}`}
          aria-label={m.layout.callUs(businessProfile.phone)}
          className="button-primary button-sm ml-auto h-11 shrink-0 lg:hidden"
        >
          <Phone aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">{businessProfile.phone}</span>
        </a>
        <Island
          name="menu-button"
          view={MenuButtonIsland}
          props={{ menuId: MENU_ID, openLabel: m.layout.openMenu, closeLabel: m.layout.closeMenu }}
        />
      </div>
      <div id={MENU_ID} ref={menu} popover="auto" className="site-menu bg-white lg:hidden">
        <nav aria-label={m.layout.nav.label}>
          <ul className="flex flex-col gap-1 p-3">
            {[...navItems, ...menuOnlyItems].map((item) => (
              <li key={item.to}>
                <NavLink
                  to={path(item.to)}
                  end={item.to === "/"}
                  reloadDocument={"reloadDocument" in item}
                  className={(state) => `block ${linkClass(state)} py-3 text-base`}
                  onClick={closeMenu}
                >
                  {m.layout.nav[item.key]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher className="border-t border-gray-100 px-3 py-2" />
        <div className="flex items-center gap-1 border-t border-gray-100 px-3 py-2">
          <SocialLinks />
        </div>
      </div>
    </header>
  );
}

/** Facebook, Instagram, WhatsApp chat and the tel link (docs/behaviour.md §2 Header). */
export function SocialLinks() {
  const m = useMessages();
  const { links, phone, phoneE164 } = businessProfile;
  const iconLink = "inline-flex h-11 w-11 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 hover:text-red-800";
  return (
    <>
      <a href={links.facebook} className={iconLink} aria-label={m.layout.social.facebook} rel="noopener noreferrer" target="_blank">
        <FacebookIcon className="h-5 w-5" />
      </a>
      <a href={links.instagram} className={iconLink} aria-label={m.layout.social.instagram} rel="noopener noreferrer" target="_blank">
        <InstagramIcon className="h-5 w-5" />
      </a>
      <a href={links.whatsapp} className={iconLink} aria-label={m.layout.social.whatsapp} rel="noopener noreferrer" target="_blank">
        <WhatsAppIcon className="h-5 w-5" />
      </a>
      <a href={`tel:${phoneE164}`} className="button-primary button-sm ml-1 h-11" aria-label={m.layout.callUs(phone)}>
        <Phone aria-hidden="true" className="h-4 w-4" />
        <span>{phone}</span>
      </a>
    </>
  );
}
