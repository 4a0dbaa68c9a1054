/**
 * On a page that does not hydrate whole (decisions 149, 151, 152), a form posts as a document and nothing of
 * React's disables its button while the post is on its way: a double tap, or a second tap on a slow phone,
 * would send the message or the lead twice. This guard, run by the document's inline script, lets a form
 * post once: a second submit while the first is on its way is cancelled, the form says it is busy, and a
 * button that names its pending label (`data-pending-label`, e.g. "Sending...") shows it.
 *
 * It never disables the button: a disabled submitter would leave its name and value out of the post, and
 * several forms say what they do by their button's value. A post the shopper stopped, or one that never
 * answered, frees the form after `QUIET_MS` (the tap after that posts again); a page brought back from the
 * back-forward cache is freed at once. A submit another script already cancelled (an island's own) is left alone.
 *
 * Self-contained, with no import and nothing from the module around it: the document runs this very
 * function by its source text (src/app/lib/page-hydration.tsx).
 */
export function postOnce(): void {
  const QUIET_MS = 15000;
  const release = (form: HTMLFormElement) => {
    delete form.dataset.postedAt;
    form.removeAttribute("aria-busy");
    for (const button of form.querySelectorAll<HTMLElement>("[data-idle-label]")) {
      button.textContent = button.dataset.idleLabel ?? "";
      delete button.dataset.idleLabel;
      button.removeAttribute("aria-disabled");
    }
  };
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method !== "post" || event.defaultPrevented) return;
    if (form.dataset.postedAt) {
      event.preventDefault();
      return;
    }
    form.dataset.postedAt = String(Date.now());
    setTimeout(function () {
      release(form);
    }, QUIET_MS);
    form.setAttribute("aria-busy", "true");
    const button = event.submitter;
    if (button instanceof HTMLElement && button.dataset.pendingLabel) {
      button.dataset.idleLabel = button.textContent ?? "";
      button.textContent = button.dataset.pendingLabel;
      button.setAttribute("aria-disabled", "true");
    }
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) document.querySelectorAll<HTMLFormElement>("form[data-posted-at]").forEach(release);
  });
}

/** The guard as the inline script runs it. */
export function postOnceScript(): string {
  return `(${postOnce.toString()})();`;
}
