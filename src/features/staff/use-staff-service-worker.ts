import { useEffect } from "react";

/**
 * Registers the staff app's service worker (decision 114) from the staff pages only (the podium layout):
 * no public page registers it or loads this module. After the page has loaded, so that it takes nothing
 * from the first screen's loading.
 */
export function useStaffServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register("/podium/sw.js", { scope: "/podium/" }).catch(() => {
        // Without it the staff pages work as before; only the offline screen and push are missing.
      });
    };
    if (document.readyState === "complete") register();
    else {
      window.addEventListener("load", register, { once: true });
      return () => window.removeEventListener("load", register);
    }
  }, []);
}
