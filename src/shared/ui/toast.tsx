import { X } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useMessages } from "~/shared/i18n/messages";

/** docs/behaviour.md §9 toast defaults. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
type Toast = ToastInput & { id: number };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast; only the newest TOAST_LIMIT toasts stay on screen. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [{ ...input, id }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getSnapshot = () => toasts;
const getServerSnapshot = (): Toast[] => [];

/**
 * The notification area: a live region that F8 focuses. It is a manual popover, raised for
 * every new toast: a modal <dialog> lives in the browser's top
 * layer, above any z-index, so only a later top-layer entry (this popover) shows above its backdrop.
 */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const areaRef = useRef<HTMLElement>(null);
  const regionRef = useRef<HTMLOListElement>(null);
  const m = useMessages();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  useEffect(() => {
    const area = areaRef.current;
    // Not before the first toast: entering the top layer restyles the page, a long task at hydration.
    // Closed, the area still shows (its `flex` outranks the popover's UA `display: none`), so the
    // live region is there to announce the first toast.
    if (!area || typeof area.showPopover !== "function" || list.length === 0) return;
    // Re-entering the top layer puts the area above a dialog opened after it was last shown.
    if (area.matches(":popover-open")) area.hidePopover();
    area.showPopover();
  }, [list]);
  return (
    <section
      ref={areaRef}
      popover="manual"
      aria-label={m.layout.toast.region}
      className="pointer-events-none fixed inset-x-0 top-auto bottom-0 m-0 flex h-auto w-full max-w-none justify-center overflow-visible border-0 bg-transparent p-4 text-inherit sm:top-0 sm:bottom-auto sm:justify-end"
    >
      <ol ref={regionRef} tabIndex={-1} className="flex w-full max-w-sm flex-col gap-2 outline-none" aria-live="polite">
        {list.map((t) => (
          <ToastItem key={t.id} toast={t} closeLabel={m.layout.toast.close} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast: t, closeLabel }: { toast: Toast; closeLabel: string }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const paused = useRef(false);
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!paused.current) dismissToast(t.id);
    }, TOAST_DURATION_MS);
    return () => window.clearInterval(timer);
  }, [t.id]);
  const destructive = t.variant === "destructive";
  return (
    <li
      data-testid="toast"
      onPointerEnter={() => (paused.current = true)}
      onPointerLeave={() => (paused.current = false)}
      onPointerDown={(e) => (start.current = e.clientX)}
      onPointerMove={(e) => start.current !== null && setDx(Math.max(0, e.clientX - start.current))}
      onPointerUp={() => {
        if (dx > TOAST_SWIPE_THRESHOLD_PX) dismissToast(t.id);
        start.current = null;
        setDx(0);
      }}
      style={dx ? { transform: `translateX(${dx}px)` } : undefined}
      className={`pointer-events-auto relative rounded-lg border p-4 pr-10 shadow-lg ${
        destructive ? "border-red-800 bg-red-700 text-white" : "border-gray-200 bg-white text-gray-900"
      }`}
    >
      {/* The role sits inside the <li>: a list item with another role breaks the list (axe "list"). */}
      <div role={destructive ? "alert" : "status"}>
        <p className="text-sm font-semibold">{t.title}</p>
        {t.description ? <p className="mt-1 text-sm opacity-90">{t.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(t.id)}
        aria-label={closeLabel}
        className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100 focus-visible:outline-2"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </li>
  );
}
