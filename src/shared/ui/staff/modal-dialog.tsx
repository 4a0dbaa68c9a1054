import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";

/**
 * A dialog whose being open is part of the page's address (`/podium/deals/{id}?revise=1`,
 * `/podium/trade-ins/{id}?delete=1`; decision 107): a GET form's button or a link opens it, so it opens
 * without JavaScript, survives a reload and Back closes it. The server's HTML has it open in the page (a
 * plain `<dialog open>`, its close control a link to `closeTo`); once scripts run it becomes modal
 * (the page behind inert, Escape closes it by going to `closeTo`), and focus returns to what opened it
 * when that is still on the page.
 *   <RouteDialog title="Revise the deal sheet" closeTo="/podium/deals/…">…a <StaffForm>…</RouteDialog>
 */
export function RouteDialog({
  title,
  closeTo,
  children,
  size = "lg",
  testId,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  size?: "sm" | "lg";
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  const m = useStaffMessages();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog) return;
    // Open in place as the server sent it: showModal() needs it closed first.
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    dialog.showModal();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        void navigate(closeTo, { replace: true, preventScrollReset: true });
      }}
      className={`fixed inset-0 z-50 m-auto w-[calc(100%-1rem)] ${size === "sm" ? "max-w-md" : "max-w-3xl"} max-h-[92vh] overflow-y-auto rounded-xl border border-gray-300 bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-black/60`}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-gray-200 bg-white px-5 py-3">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          aria-label={m.staff.common.close}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-red-700"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </Link>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
