/**
 * Runs `callback` once the page has loaded and the browser is idle: work that must not compete with
 * the page's first load (the web-vitals library, deferred hydration). Returns a cancel function.
 */
export function whenIdleAfterLoad(callback: () => void): () => void {
  let idleHandle: number | undefined;
  const whenIdle = () => {
    idleHandle = window.requestIdleCallback ? window.requestIdleCallback(callback) : window.setTimeout(callback, 1);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return () => {
    window.removeEventListener("load", whenIdle);
    if (idleHandle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleHandle);
  };
}
