import { useEffect, useRef, useState } from "react";

export type SubmitButtonProps = {
  label: string;
  /** Said while the form's post is on its way. */
  busyLabel: string;
  className: string;
};

/**
 * A plain form's submit button that says the post is on its way and cannot be pressed twice meanwhile: an
 * island (decision 153) on a page whose form posts as a document. Before it hydrates, and with JavaScript
 * off, it is the plain button it renders, and the browser shows its own loading state.
 */
export function SubmitButton({ label, busyLabel, className }: SubmitButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    const submitted = (event: SubmitEvent) => void (event.defaultPrevented || setBusy(true));
    // A page brought back by the browser's Back button comes from its cache as it was left: sending.
    const shown = (event: PageTransitionEvent) => void (event.persisted && setBusy(false));
    form.addEventListener("submit", submitted);
    window.addEventListener("pageshow", shown);
    return () => {
      form.removeEventListener("submit", submitted);
      window.removeEventListener("pageshow", shown);
    };
  }, []);
  return (
    <button ref={button} type="submit" disabled={busy} className={className}>
      {busy ? busyLabel : label}
    </button>
  );
}
