import { Lock } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { buttonClass } from "~/shared/ui/staff/button";
import { staffControlClass } from "~/shared/ui/staff/staff-field";
import type { SignInStep } from "./sign-in-form.server";

const primary = buttonClass("primary", "md", "mt-6 w-full min-h-11");

/**
 * /podium/sign-in (docs/behaviour.md §6): e-mail and password, then a TOTP code, or at the first
 * sign-in enrolment (a server-rendered QR code and the key as text) followed by the recovery codes,
 * shown once. Every step is a plain form post to the page's action, the page loaded as a document
 * each time (its cookies live at this path only), so it works without JavaScript; with it, each step
 * starts in its field and the recovery codes can be copied.
 */
export function SignInPage({ step, redirectTo, notice }: { step: SignInStep; redirectTo: string; notice: string | null }) {
  const m = useStaffMessages().staff;
  const busy = useNavigation().state !== "idle";
  const focusRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [copied, setCopied] = useState(false);
  const error = "error" in step ? step.error : undefined;
  // Each step starts in its first field (instead of autoFocus, which screen readers announce oddly).
  useEffect(() => focusRef.current?.focus(), [step.step, error]);

  const errorLine = error ? (
    <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-800">
      {error}
    </p>
  ) : null;
  const described = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined } as const;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
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
        inputMode={step.step === "enroll" ? "numeric" : "text"}
        required
        minLength={6}
        maxLength={40}
        {...described}
        className={`${staffControlClass(error)} text-center text-xl tracking-[0.3em]`}
      />
      {errorLine}
    </>
  );
  const startOver = (
    <Form method="post" reloadDocument>
      {hidden("start-over")}
      <button type="submit" className="mt-3 min-h-11 w-full text-center text-sm font-medium text-red-800 underline">
        {m.signIn.startOver}
      </button>
    </Form>
  );

  return (
    <section className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-lg">
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-red-50">
          <Lock aria-hidden="true" className="h-7 w-7 text-red-700" />
        </div>
        {step.step === "password" ? (
          <Form method="post" reloadDocument>
            {hidden("password")}
            <h1 className="text-center text-2xl font-bold">{m.signIn.title}</h1>
            <p className="mt-2 text-center text-gray-700">{m.signIn.prompt}</p>
            {notice ? <p className="mt-3 rounded bg-amber-50 p-2 text-center text-sm text-amber-900">{notice}</p> : null}
            <label htmlFor="staff-email" className="mt-6 block text-sm font-medium">
              {m.signIn.email}
            </label>
            <input
              ref={focusRef}
              id="staff-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={step.email}
              {...described}
              className={staffControlClass(error)}
            />
            <label htmlFor="staff-password" className="mt-4 block text-sm font-medium">
              {m.signIn.password}
            </label>
            <input
              id="staff-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              {...described}
              className={staffControlClass(error)}
            />
            {errorLine}
            <button type="submit" disabled={busy} className={primary}>
              {busy ? m.signIn.checking : m.signIn.submit}
            </button>
            <p className="mt-4 text-center text-sm text-gray-700">{m.signIn.lostAccess}</p>
          </Form>
        ) : null}
        {step.step === "code" ? (
          <>
            <Form method="post" reloadDocument>
              {hidden("code")}
              <h1 className="text-center text-2xl font-bold">{m.signIn.codeTitle}</h1>
              <p className="mt-2 text-center text-gray-700">{m.signIn.codePrompt}</p>
              {codeField}
              <button type="submit" disabled={busy} className={primary}>
                {busy ? m.signIn.checking : m.signIn.verify}
              </button>
            </Form>
            {startOver}
          </>
        ) : null}
        {step.step === "enroll" ? (
          <>
            <Form method="post" reloadDocument>
              {hidden("code")}
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
              <button type="submit" disabled={busy} className={primary}>
                {busy ? m.signIn.checking : m.signIn.verify}
              </button>
            </Form>
            {startOver}
          </>
        ) : null}
        {step.step === "recovery" ? (
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
              className={buttonClass("secondary", "md", "mt-4 w-full min-h-11")}
            >
              {copied ? m.enroll.copied : m.enroll.copy}
            </button>
            <Link to={step.next} reloadDocument className={primary}>
              {m.enroll.done}
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}
