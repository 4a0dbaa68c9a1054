import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Cooperative time slicing for CPU-heavy work that runs inside a request (decision 053). Call the
 * returned function between units of work (a CSV row): once `budgetMs` has passed since the last
 * pause, it waits for the next turn of the event loop, so requests that arrived meanwhile are served
 * before the work goes on. Awaiting promises alone never lets them in: microtasks run before any I/O.
 */
export function timeSlicer(budgetMs = 5): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < budgetMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}
