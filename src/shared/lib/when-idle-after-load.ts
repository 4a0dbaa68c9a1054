/**
 * Runs `callback` once the page has loaded and the browser is idle: work that must not compete with
 * the page's first load (the web-vitals library, deferred hydration, a never-hydrated page's page view).
 * Returns a cancel function.
 *
 * At most three seconds after `load` it runs anyway: a main thread that always has a task waiting (a slow
 * phone under a heavy page) never gets an idle period, and the page would never send its page view or
 * hydrate its deferred parts. The names are short because never-hydrated pages inline this function's
 * source twice (decision 149): the timeout then adds nothing to their first load.
 */
export function whenIdleAfterLoad(callback: () => void): () => void {
  let handle: number | undefined;
  const idle = () => {
    handle = window.requestIdleCallback ? window.requestIdleCallback(callback, { timeout: 3e3 }) : window.setTimeout(callback, 1);
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  return () => {
    window.removeEventListener("load", idle);
    if (handle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  };
}
