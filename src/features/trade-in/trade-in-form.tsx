import { useId, type ReactNode } from "react";
import { useTradeInMessages } from "~/shared/i18n/trade-in-messages";
import { CheckboxField, SelectField, TextField } from "~/shared/ui/form-field";
import { Island } from "~/shared/ui/island";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import type { TradeInPostResult } from "./trade-in-fields";
import { FIRST_NUMBER, SECOND_NUMBER, TradeInPhotos } from "./trade-in-photos";

/** At most this many photos (the schema says the same; this file must not import it, zod stays on the server). */
const MAX_PHOTOS = 10;

type TradeInFormProps = {
  /** The page route whose action takes the form. */
  action: string;
  /** That action's answer, when the page is the answer to a post. */
  posted?: TradeInPostResult;
  /** The optional consent to calls and texts, in the page's language (the route's loader writes it; decision 094). */
  consent: { label: string; hint: string };
};

/**
 * The trade-in appraisal form (decision 067): a plain multipart form posted to the page's route action, which
 * checks the shared schema and calls the same service as POST /api/trade-ins (decision 062); the page
 * answers with the field messages and what was typed, or the note that it was sent (decision 153). The
 * photos are an island, which resizes them in the browser once it has hydrated.
 */
export function TradeInForm({ action, posted, consent }: TradeInFormProps) {
  const m = useTradeInMessages();
  const id = useId();
  const errors = posted?.kind === "invalid" ? posted.fieldErrors : {};
  const echoed = posted?.kind === "invalid" ? posted.values : undefined;
  // The first field with a message takes the focus when the page loads (the fields render in this order).
  let focusTaken = false;
  const focusIfFirst = (...messages: (string | undefined)[]) => {
    if (focusTaken || !messages.some(Boolean)) return undefined;
    focusTaken = true;
    return true;
  };

  const text = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      error={errors[name]}
      name={name}
      defaultValue={echoed?.[name]}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 153)
      autoFocus={focusIfFirst(errors[name])}
      {...props}
    />
  );
  const checkbox = (name: string) => ({
    name,
    value: "true",
    error: errors[name],
    autoFocus: focusIfFirst(errors[name]),
    defaultChecked: echoed?.[name] === "true",
  });
  const select = (name: string) => ({
    name,
    error: errors[name],
    autoFocus: focusIfFirst(errors[name]),
    defaultValue: echoed?.[name] ?? "",
  });
  const photoError = errors.photos ?? Object.entries(errors).find(([name]) => name.startsWith("photos."))?.[1];

  return (
    // The server's messages, in the page's language, rather than the browser's (noValidate).
    <form method="post" action={action} encType="multipart/form-data" noValidate className="space-y-8">
      {posted ? <PostedNotice result={posted} focused={!Object.keys(errors).length} /> : null}
      <Section title={m.sections.vehicle}>
        {text("vin", m.labels.vin, {
          hint: m.hints.vin,
          autoComplete: "off",
          autoCapitalize: "characters",
          maxLength: 17,
          spellCheck: false,
        })}
        <div className="grid gap-4 sm:grid-cols-3">
          {text("year", m.labels.year, { inputMode: "numeric" })}
          {text("make", m.labels.make)}
          {text("model", m.labels.model)}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {text("trim", m.labels.trim)}
          {text("mileage", m.labels.mileage, { inputMode: "numeric", required: true })}
          {text("zip", m.labels.zip, { inputMode: "numeric", autoComplete: "postal-code", required: true })}
        </div>
      </Section>
      <Section title={m.sections.condition}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("condition.accidents", m.labels.accidents, { inputMode: "numeric", hint: m.hints.accidents, required: true })}
          {text("condition.keys", m.labels.keys, { inputMode: "numeric", required: true })}
          <SelectField
            id={`${id}-tires`}
            label={m.labels.tires}
            required
            {...select("condition.tires")}
            placeholder="—"
            options={(["good", "fair", "poor"] as const).map((value) => ({ value, label: m.tires[value] }))}
          />
          <SelectField
            id={`${id}-title`}
            label={m.labels.titleStatus}
            required
            {...select("condition.titleStatus")}
            placeholder="—"
            options={(["clean", "salvage", "rebuilt"] as const).map((value) => ({ value, label: m.titleStatus[value] }))}
          />
        </div>
        <CheckboxField id={`${id}-lights`} label={m.labels.warningLights} {...checkbox("condition.warningLights")} />
        <CheckboxField id={`${id}-smoked`} label={m.labels.smokedIn} {...checkbox("condition.smokedIn")} />
      </Section>
      <Section title={m.sections.loan}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("payoff", m.labels.payoff, { inputMode: "numeric" })}
          {text("lender", m.labels.lender)}
        </div>
      </Section>
      <Section title={m.sections.photos}>
        <div>
          <label htmlFor={`${id}-photos`} className="block font-medium text-gray-900">
            {m.labels.photos}
          </label>
          <p id={`${id}-photos-hint`} className="mt-1 text-sm text-gray-700">
            {m.hints.photos}
          </p>
          <Island
            name="trade-in-photos"
            view={TradeInPhotos}
            props={{
              id: `${id}-photos`,
              describedBy: `${id}-photos-hint${photoError ? ` ${id}-photos-error` : ""}`,
              invalid: Boolean(photoError),
              max: MAX_PHOTOS,
              autoFocus: focusIfFirst(photoError),
              text: {
                removePhoto: m.removePhoto(FIRST_NUMBER),
                photoCount: m.photoCount(FIRST_NUMBER),
                preparing: m.preparing(FIRST_NUMBER, SECOND_NUMBER),
                uploadProgress: m.uploadProgress,
              },
            }}
          />
          {photoError ? (
            <p id={`${id}-photos-error`} className="mt-1 text-sm font-medium text-red-800">
              {photoError}
            </p>
          ) : null}
        </div>
      </Section>
      <Section title={m.sections.contact}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("firstName", m.labels.firstName, { autoComplete: "given-name", required: true })}
          {text("lastName", m.labels.lastName, { autoComplete: "family-name", required: true })}
          {text("email", m.labels.email, { type: "email", autoComplete: "email", required: true })}
          {text("phone", m.labels.phone, { type: "tel", autoComplete: "tel", required: true })}
        </div>
        {/* Optional, and never a condition of the offer (decision 094). */}
        <CheckboxField id={`${id}-text-consent`} label={consent.label} {...checkbox("textConsent")} />
        <p className="text-sm text-gray-700">{consent.hint}</p>
        {/* Honeypot: off-screen and out of the tab order; people never fill it, naive bots do. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-hp`}>{m.labels.honeypot}</label>
          <input id={`${id}-hp`} type="text" tabIndex={-1} autoComplete="off" name="website" />
        </div>
        <PrivacyNotice />
      </Section>
      {/* The page's inline script lets the form post once and shows the pending label meanwhile (decision 152). */}
      <button type="submit" data-pending-label={m.sending} className="button-primary button-lg w-full sm:w-auto">
        {m.submit}
      </button>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-gray-200 p-4 sm:p-6">
      <legend className="px-1 text-xl font-bold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The route action's outcome: sent, or what to fix; or no answer at all (a refusal, a failure). It takes the
 * focus as the page loads, unless a field with a message does.
 */
function PostedNotice({ result, focused }: { result: TradeInPostResult; focused: boolean }) {
  const m = useTradeInMessages();
  const focus = focused ? { tabIndex: -1, autoFocus: true } : {};
  if (result.kind === "sent") {
    return (
      <div role="status" {...focus} className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900 outline-none">
        <p className="font-semibold">{m.sent.title}</p>
        <p className="mt-1 text-sm">{m.sent.text}</p>
      </div>
    );
  }
  return (
    <div role="alert" {...focus} className="rounded-md border border-red-700 bg-red-50 p-4 text-sm font-medium text-red-900 outline-none">
      {result.kind === "failed"
        ? result.error || m.posted.failed
        : result.kind === "too-large"
          ? m.posted.tooLarge
          : result.kind === "invalid" && Object.keys(result.fieldErrors).length
            ? m.posted.fixFields
            : m.posted.failed}
    </div>
  );
}
