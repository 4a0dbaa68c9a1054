import { Lock } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { ApiError, adminFetch } from "~/shared/ui/staff/staff-fetch";

/** The PIN screen (spec §2, §5): the server checks the PIN (DESIGN.md difference 1). */
export function PinScreen({ onUnlocked, notice }: { onUnlocked: () => void; notice?: string | null }) {
  const m = useStaffMessages().admin.pin;
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await adminFetch("/api/admin/login", { method: "POST", body: { pin } });
      onUnlocked();
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 429 ? m.locked : err instanceof ApiError && err.status === 401 ? m.invalid : m.failed,
      );
      setPin("");
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-gray-50 px-4 py-16">
      <form onSubmit={submit} className="w-full max-w-sm rounded-xl border border-gray-200 bg-white p-8 shadow-lg" noValidate>
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-red-50">
          <Lock aria-hidden="true" className="h-7 w-7 text-red-700" />
        </div>
        <h1 className="text-center text-2xl font-bold">{m.title}</h1>
        <p className="mt-2 text-center text-gray-700">{m.prompt}</p>
        {notice ? <p className="mt-3 rounded bg-amber-50 p-2 text-center text-sm text-amber-900">{notice}</p> : null}
        <label htmlFor="admin-pin" className="mt-6 block text-sm font-medium">
          {m.label}
        </label>
        <input
          ref={inputRef}
          id="admin-pin"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          maxLength={6}
          value={pin}
          onChange={(e) => setPin(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          // The sign-in screen has this one field and nothing to read before it.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-center text-xl tracking-[0.5em] focus:border-red-700 focus:outline-2 focus:outline-red-700"
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy || pin.length === 0}
          className="mt-6 w-full rounded-md bg-red-700 px-4 py-3 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? m.checking : m.submit}
        </button>
      </form>
    </section>
  );
}
