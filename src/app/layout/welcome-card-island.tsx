import { X } from "lucide-react";
import { useEffect, useState } from "react";

/** docs/behaviour.md §9: the splash is gone after 9000 ms. */
export const SPLASH_DURATION_MS = 9000;
export const SPLASH_SEEN_KEY = "splash-seen";

export type WelcomeCardProps = { welcome: string; skip: string; name: string };

/**
 * The welcome splash (docs/behaviour.md §2 Header and footer): rendered only in the browser after
 * hydration, so crawlers and the server HTML never see it; at most once per browser
 * session; skipped by click or Escape; no animation under prefers-reduced-motion.
 * It is a welcome card rather than a full-screen cover, so the page stays readable and
 * usable behind it on a slow phone (docs/decisions/011-splash-as-welcome-card.md). An island
 * (decision 151).
 */
export function WelcomeCardIsland({ welcome, skip, name }: WelcomeCardProps) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // The card welcomes shoppers: the staff dashboard (/podium and its setup page) is loaded as its own
    // document, never reached from a public page, so its path at load is enough and costs the public pages nothing.
    if (location.pathname.startsWith("/podium")) return;
    try {
      if (sessionStorage.getItem(SPLASH_SEEN_KEY)) return;
      sessionStorage.setItem(SPLASH_SEEN_KEY, "1");
    } catch {
      return; // storage blocked: never risk showing it on every page
    }
    setVisible(true);
    const timer = window.setTimeout(() => setVisible(false), SPLASH_DURATION_MS);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setVisible(false);
    window.addEventListener("keydown", onKey);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
    };
  }, []);
  if (!visible) return null;
  return (
    <div
      data-testid="splash"
      role="complementary"
      aria-label={welcome}
      className="fixed inset-x-3 bottom-3 z-[90] mx-auto flex max-w-md items-center gap-4 rounded-2xl bg-gray-950 p-4 text-white shadow-2xl motion-safe:animate-[fadein_400ms_ease-out] sm:inset-x-auto sm:left-4 [--button-ring:white]"
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs uppercase tracking-widest text-gray-300">{welcome}</p>
        <p className="truncate text-lg font-extrabold">{name}</p>
      </div>
      <button type="button" onClick={() => setVisible(false)} className="button-ghost button-sm h-11">
        <X aria-hidden="true" className="h-4 w-4" />
        {skip}
      </button>
    </div>
  );
}
