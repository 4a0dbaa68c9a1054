import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { Button } from "./button";

/**
 * An accessible modal on the native <dialog>: showModal() makes the page behind inert
 * (focus stays inside), Escape closes it, the title labels it, and focus returns to
 * the element that opened it.
 */
export function ModalDialog({
  title,
  onClose,
  children,
  size = "lg",
  className = "",
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: "sm" | "lg";
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const m = useStaffMessages();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-1rem)] ${size === "sm" ? "max-w-md" : "max-w-3xl"} max-h-[92vh] overflow-y-auto rounded-xl bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-black/60 ${className}`}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-gray-200 bg-white px-5 py-3 print:static">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={m.staff.common.close}
          className="rounded p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-red-700 print:hidden"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}

/** A yes/no confirmation as a small modal. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const m = useStaffMessages();
  return (
    <ModalDialog title={title} onClose={onCancel} size="sm">
      <p className="text-gray-800">{text}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button onClick={onCancel}>{m.staff.common.cancel}</Button>
        <Button variant="primary" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
