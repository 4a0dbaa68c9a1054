import { Lock } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import type { SessionUser } from "~/shared/staff/staff-roles";
import { controlClass } from "~/shared/ui/form-field";
import { buttonClass } from "~/shared/ui/staff/button";
import { ApiError, staffJson } from "~/shared/ui/staff/staff-fetch";

type LoginAnswer = { next: "code" } | { next: "enroll"; otpauthUri: string; secret: string; qrSvg: string };
type MfaAnswer = { user: SessionUser; recoveryCodes?: string[] };

// The dashboard's primary button; fields take the site's one control style (controlClass), and one error line serves them all.
const primary = buttonClass("primary", "md", "mt-6 w-full");

/**
 * /podium's sign-in (docs/behaviour.md §6): e-mail and password, then a TOTP
 * code — or, at the first sign-in, enrollment (server-rendered QR code and the key as text)
 * followed by the recovery codes, shown once.
 */
export function SignInScreen({ onSignedIn, notice }: { onSignedIn: (user: SessionUser) => void; notice?: string | null }) {
  const m = useStaffMessages().staff;
  const [step, setStep] = useState<
    | { kind: "password" }
    | { kind: "code" }
    | { kind: "enroll"; qrSvg: string; secret: string }
    | { kind: "recovery"; codes: string[]; user: SessionUser }
  >({ kind: "password" });
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const focusRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // Each step starts in its first field (instead of autoFocus, which screen readers announce oddly).
  useEffect(() => {
    (step.kind === "password" ? emailRef.current : focusRef.current)?.focus();
  }, [step.kind]);

  const failWith = (err: unknown, invalid: string) => {
    if (err instanceof ApiError && err.status === 429) return setError(m.signIn.locked);
    if (err instanceof ApiError && err.status === 503) return setError(m.signIn.busy);
    if (err instanceof ApiError && err.status === 401 && err.message.includes("expired")) {
      setStep({ kind: "password" });
      return setError(m.signIn.expired);
    }
    setError(err instanceof ApiError && (err.status === 401 || err.status === 400) ? invalid : m.signIn.failed);
  };

  async function submitPassword(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await staffJson<LoginAnswer>("/api/admin/login", { method: "POST", body: { email, password } });
      setPassword("");
      setCode("");
      setStep(answer.next === "enroll" ? { kind: "enroll", qrSvg: answer.qrSvg, secret: answer.secret } : { kind: "code" });
    } catch (err) {
      failWith(err, m.signIn.invalid);
      setPassword("");
    } finally {
      setBusy(false);
      focusRef.current?.focus();
    }
  }

  async function submitCode(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await staffJson<MfaAnswer>("/api/admin/mfa", { method: "POST", body: { code } });
      if (answer.recoveryCodes) setStep({ kind: "recovery", codes: answer.recoveryCodes, user: answer.user });
      else onSignedIn(answer.user);
    } catch (err) {
      failWith(err, m.signIn.invalidCode);
      setCode("");
      focusRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const errorLine = error ? (
    <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-800">
      {error}
    </p>
  ) : null;
  const described = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined } as const;

  const codeField = (
    <>
      <label htmlFor="staff-code" className="mt-6 block text-sm font-medium">
        {m.signIn.code}
      </label>
      <input
        ref={focusRef}
        id="staff-code"
        name="code"
        autoComplete="one-time-code"
        inputMode={step.kind === "enroll" ? "numeric" : "text"}
        maxLength={40}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        {...described}
        className={`${controlClass(error ?? undefined)} text-center text-xl tracking-[0.3em]`}
      />
      {errorLine}
    </>
  );

  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-gray-50 px-4 py-16">
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-lg">
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-red-50">
          <Lock aria-hidden="true" className="h-7 w-7 text-red-700" />
        </div>
        {step.kind === "password" ? (
          <form onSubmit={submitPassword} noValidate>
            <h1 className="text-center text-2xl font-bold">{m.signIn.title}</h1>
            <p className="mt-2 text-center text-gray-700">{m.signIn.prompt}</p>
            {notice ? <p className="mt-3 rounded bg-amber-50 p-2 text-center text-sm text-amber-900">{notice}</p> : null}
            <label htmlFor="staff-email" className="mt-6 block text-sm font-medium">
              {m.signIn.email}
            </label>
            <input
              ref={emailRef}
              id="staff-email"
              name="email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              {...described}
              className={controlClass(error ?? undefined)}
            />
            <label htmlFor="staff-password" className="mt-4 block text-sm font-medium">
              {m.signIn.password}
            </label>
            <input
              ref={focusRef}
              id="staff-password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              {...described}
              className={controlClass(error ?? undefined)}
            />
            {errorLine}
            <button type="submit" disabled={busy || !email || !password} className={primary}>
              {busy ? m.signIn.checking : m.signIn.submit}
            </button>
            <p className="mt-4 text-center text-sm text-gray-700">{m.signIn.lostAccess}</p>
          </form>
        ) : null}
        {step.kind === "code" ? (
          <form onSubmit={submitCode} noValidate>
            <h1 className="text-center text-2xl font-bold">{m.signIn.codeTitle}</h1>
            <p className="mt-2 text-center text-gray-700">{m.signIn.codePrompt}</p>
            {codeField}
            <button type="submit" disabled={busy || code.trim().length < 6} className={primary}>
              {busy ? m.signIn.checking : m.signIn.verify}
            </button>
            <StartOver onClick={() => setStep({ kind: "password" })} label={m.signIn.startOver} />
          </form>
        ) : null}
        {step.kind === "enroll" ? (
          <form onSubmit={submitCode} noValidate>
            <h1 className="text-center text-2xl font-bold">{m.enroll.title}</h1>
            <p className="mt-2 text-gray-700">{m.enroll.intro}</p>
            {/* The SVG is rendered by our server from the otpauth URI (uqr): no script, no external content. */}
            <div
              role="img"
              aria-label={m.enroll.qrLabel}
              className="mx-auto mt-4 w-56 [&>svg]:h-auto [&>svg]:w-full"
              dangerouslySetInnerHTML={{ __html: step.qrSvg }}
            />
            <p className="mt-4 text-sm text-gray-700">{m.enroll.secretLabel}</p>
            <code
              data-testid="totp-secret"
              className="mt-1 block break-all rounded bg-gray-100 p-2 text-center font-mono text-lg tracking-wider"
            >
              {step.secret.match(/.{1,4}/g)?.join(" ")}
            </code>
            {codeField}
            <button type="submit" disabled={busy || code.trim().length < 6} className={primary}>
              {busy ? m.signIn.checking : m.signIn.verify}
            </button>
            <StartOver onClick={() => setStep({ kind: "password" })} label={m.signIn.startOver} />
          </form>
        ) : null}
        {step.kind === "recovery" ? (
          <div>
            <h1 className="text-center text-2xl font-bold">{m.enroll.recoveryTitle}</h1>
            <p className="mt-2 text-gray-700">{m.enroll.recoveryIntro}</p>
            <ul aria-label={m.enroll.recoveryListLabel} className="mt-4 grid grid-cols-2 gap-2 rounded bg-gray-100 p-3 font-mono">
              {step.codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <button
              type="button"
              onClick={() => {
                void navigator.clipboard?.writeText(step.codes.join("\n")).then(() => setCopied(true));
              }}
              className={buttonClass("secondary", "md", "mt-4 w-full")}
            >
              {copied ? m.enroll.copied : m.enroll.copy}
            </button>
            <button type="button" onClick={() => onSignedIn(step.user)} className={primary}>
              {m.enroll.done}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function StartOver({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button type="button" onClick={onClick} className="mt-3 w-full text-center text-sm font-medium text-red-800 underline">
      {label}
    </button>
  );
}
