import { useEffect, useState } from "react";
import { businessProfile } from "~/shared/config/business-profile";
import { useMessages } from "~/shared/i18n/messages";

/** Spec §9: the splash is gone after 9000 ms. */
export const SPLASH_DURATION_MS = 9000;
export const SPLASH_SEEN_KEY = "splash-seen";

/**
 * The welcome splash (DESIGN.md difference 7): rendered only in the browser after
 * hydration, so crawlers and the server HTML never see it; at most once per browser
 * session; skipped by click or Escape; no animation under prefers-reduced-motion.
 */
export function SplashScreen() {
  const m = useMessages();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
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
      onClick={() => setVisible(false)}
      className="fixed inset-0 z-[90] flex flex-col items-center justify-center bg-gray-950/95 text-white motion-safe:animate-[fadein_400ms_ease-out]"
    >
      <p className="text-sm uppercase tracking-widest text-gray-300">{m.layout.splash.welcome}</p>
      <p className="mt-2 px-6 text-center text-2xl font-extrabold">{businessProfile.name}</p>
      <button
        type="button"
        autoFocus
        onClick={() => setVisible(false)}
        className="mt-8 rounded-md border border-white/60 px-5 py-2 text-sm font-semibold hover:bg-white/10"
      >
        {m.layout.splash.skip}
      </button>
    </div>
  );
}
