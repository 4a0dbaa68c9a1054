import { useEffect, useId, useRef, type ReactNode } from "react";
import { Form } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { Button } from "./button";

/**
 * A confirmation that lives in the address (`/podium/vehicles?delete={id}`), so it works before
 * JavaScript: the page renders it when the address asks, the confirming form (`children`, a post to
 * the route's action) goes inside, and Cancel is a GET form back to `cancel` (the same page without
 * the question). Without JavaScript it is an open dialog over the page; with it, a modal one (the page
 * behind inert, Escape cancels). It is a `<dialog>` either way, named by its title.
 *   <ConfirmStep title="Delete" text="Are you sure…?" cancel={{ pathname, params }}>
 *     <StaffForm form={form}>…<Button type="submit" variant="primary">Delete</Button></StaffForm>
 *   </ConfirmStep>
 */
export function ConfirmStep({
  title,
  text,
  cancel,
  children,
}: {
  title: string;
  text: ReactNode;
  /** Where Cancel goes: the page's path and the query it keeps. */
  cancel: { pathname: string; params: URLSearchParams };
  children: ReactNode;
}) {
  const m = useStaffMessages().staff.common;
  const ref = useRef<HTMLDialogElement>(null);
  const cancelForm = useRef<HTMLFormElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The server's HTML shows it open but not modal; once scripts run it becomes modal.
    dialog.close();
    dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        cancelForm.current?.requestSubmit();
      }}
      className="fixed inset-0 z-40 m-auto w-[calc(100%-1rem)] max-w-md rounded-xl border border-gray-300 bg-white p-5 text-gray-900 shadow-2xl backdrop:bg-black/60"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3 text-gray-800">{text}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Form ref={cancelForm} method="get" action={cancel.pathname} replace preventScrollReset>
          {[...cancel.params].map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit">{m.cancel}</Button>
        </Form>
        {children}
      </div>
    </dialog>
  );
}
