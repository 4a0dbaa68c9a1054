import { useEffect, useRef, useState, type ReactNode } from "react";
import { businessProfile } from "~/shared/config/business-profile";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { CheckboxField, controlClass, FormField, SelectField, TextAreaField, TextField } from "~/shared/ui/form-field";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import { toast } from "~/shared/ui/toast";
import { useFormPost, useZodForm } from "~/shared/ui/use-zod-form";
import {
  CO_OWNER_EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUSES,
  LICENSE_FILE_INPUT,
  TYPED_SIGNATURE_INPUT,
  formatSsn,
  type FinancingPostResult,
} from "./financing-fields";
import type { FinancingApplication, FinancingFormInput } from "./financing-schema";
import { LicenseUpload } from "./license-upload";
import { SignaturePad } from "./signature-pad";

// The shared zod schema is loaded on first focus (or at the latest on submit), keeping it
// out of the page's first JavaScript; validation is still that one schema.
const loadSchema = () => import("./financing-schema").then((m) => m.financingApplicationSchema);

/**
 * The financing application (docs/behaviour.md §2, §4, §5): one form validated by the same schema as
 * POST /api/financing. Success replaces it with the confirmation; the id is kept for the PDF.
 * It is a multipart post to the page's route action, which calls the same service: with
 * JavaScript submitted by React Router (each signature as the pad's image), without it as a plain POST
 * whose answer is `posted` (each signature as the typed name). License files go as uploads.
 */
/** `vehicle`: the stock vehicle whose page opened the form ("Apply for Financing"); the application names it. */
export function FinancingForm({
  action,
  posted: rendered,
  vehicle,
}: {
  action: string;
  posted?: FinancingPostResult;
  vehicle?: FinancingVehicle | null;
}) {
  // The answer the page was rendered with (a post without JavaScript); later answers are the form's own.
  const [posted] = useState(rendered);
  const [applicationId, setApplicationId] = useState<string | null>(posted?.kind === "submitted" ? posted.id : null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const returning = useRef(false);

  useEffect(() => {
    if (!applicationId && returning.current) formHeading.current?.focus();
  }, [applicationId]);

  if (applicationId) {
    return (
      <Confirmation
        id={applicationId}
        onAnother={() => {
          returning.current = true;
          setApplicationId(null);
        }}
      />
    );
  }
  const failed = posted?.kind === "submitted" || returning.current ? undefined : posted;
  return <ApplicationForm action={action} headingRef={formHeading} onSubmitted={setApplicationId} posted={failed} vehicle={vehicle} />;
}

type ApplicationFormProps = {
  /** The page route whose action takes the form posted without JavaScript. */
  action: string;
  headingRef: React.Ref<HTMLHeadingElement>;
  onSubmitted: (id: string) => void;
  posted?: Exclude<FinancingPostResult, { kind: "submitted" }>;
  vehicle?: FinancingVehicle | null;
};

/** The vehicle a page passes in: its id goes with the application, its name fills the free-text field. */
export type FinancingVehicle = { id: string; name: string };

function ApplicationForm({ action, headingRef, onSubmitted, posted, vehicle }: ApplicationFormProps) {
  const messages = useMessages();
  const m = messages.financing;
  const f = m.form.fields;
  const echoed = posted?.kind === "invalid" ? posted.values : undefined;
  const post = useFormPost<FinancingPostResult>((result) => {
    if (result.kind === "submitted") {
      toast({ title: m.toasts.successTitle, description: m.toasts.successText });
      onSubmitted(result.id);
      return;
    }
    if (result.kind === "invalid") setFieldErrors(result.fieldErrors, true);
    // A refusal's own message (the rate limit's, in the page's language), else the general one.
    const description = (result.kind === "failed" && result.error) || m.toasts.submitFailedText;
    toast({ title: m.toasts.submitFailedTitle, description, variant: "destructive" });
  });
  const { formProps, register, control, errors, isSubmitting, setFieldErrors } = useZodForm<FinancingApplication>({
    schema: () => loadSchema().then((schema) => schema(messages)),
    initialErrors: posted?.kind === "invalid" ? posted.fieldErrors : undefined,
    onValid: (): Promise<void> => post(formProps.ref.current!),
  });
  const errorOf = (name: FieldName) => errors[name];
  const echo = (name: string) => (echoed?.[name] === undefined ? {} : { defaultValue: echoed[name] });
  const echoChecked = (name: string) => (echoed ? { defaultChecked: echoed[name] !== undefined } : {});

  const text = (name: FieldName, label: string, { wide, ...options }: TextOptions = {}) => (
    <TextField
      id={`financing-${name}`}
      label={label}
      {...register(name)}
      {...echo(name)}
      error={errorOf(name)}
      wrapperClassName={wide ? "sm:col-span-2" : undefined}
      {...options}
    />
  );
  const ssnField = (name: "ssn" | "coOwnerSsn", label: string) => (
    <SsnField id={`financing-${name}`} label={label} error={errorOf(name)} registration={register(name)} />
  );
  const held = (name: "signature" | "driverLicense" | "coOwnerSignature" | "coOwnerDriverLicense") => {
    const { value, onChange, error, ref } = control(name);
    return { id: `financing-${name}`, label: f[name], value: String(value ?? ""), onChange, error, inputRef: ref };
  };
  // The pad's image goes with the post in a hidden field (only once signed, so only with JavaScript).
  const signature = (name: "signature" | "coOwnerSignature") => {
    const pad = held(name);
    return (
      <>
        <SignaturePad {...pad} typedInputName={TYPED_SIGNATURE_INPUT[name]} />
        {pad.value ? <input type="hidden" name={name} value={pad.value} /> : null}
      </>
    );
  };
  const license = (name: "driverLicense" | "coOwnerDriverLicense") => (
    <LicenseUpload {...held(name)} fileInputName={LICENSE_FILE_INPUT[name]} />
  );
  const statusSelect = (name: "employmentStatus" | "coOwnerEmploymentStatus", label: string, statuses: readonly string[]) => (
    <SelectField
      id={`financing-${name}`}
      label={label}
      {...register(name)}
      {...echo(name)}
      required
      error={errorOf(name)}
      placeholder={m.form.selectStatus}
      options={statuses.map((s) => ({ value: s, label: (m.form.employmentOptions as Record<string, string>)[s] ?? s }))}
    />
  );

  return (
    // A plain multipart post before or without JavaScript: the answers never go into the URL.
    // The trade-in and co-owner sections open with their boxes by CSS (:has), with or without JavaScript.
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...formProps}
      aria-labelledby="financing-form-title"
      className="group/financing space-y-8"
    >
      <div>
        <h2 id="financing-form-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-gray-900 outline-none">
          {m.form.title}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{m.form.requiredNote}</p>
      </div>
      {posted ? (
        <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-sm font-medium text-red-900">
          {posted.kind === "failed"
            ? posted.error || m.toasts.submitFailedText
            : posted.kind === "too-large"
              ? m.posted.tooLarge
              : `${m.posted.fixFields} ${m.posted.reenter}`}
        </div>
      ) : null}

      <Section title={m.form.sections.personal}>
        {text("firstName", f.firstName, { required: true, autoComplete: "given-name" })}
        {text("lastName", f.lastName, { required: true, autoComplete: "family-name" })}
        {text("email", f.email, { required: true, type: "email", autoComplete: "email" })}
        {text("phone", f.phone, { required: true, type: "tel", autoComplete: "tel" })}
        {text("address", f.address, { required: true, autoComplete: "street-address", wide: true })}
        {text("city", f.city, { required: true, autoComplete: "address-level2" })}
        {text("state", f.state, { required: true, autoComplete: "address-level1" })}
        {text("zipCode", f.zipCode, { required: true, autoComplete: "postal-code", inputMode: "numeric" })}
        {text("dateOfBirth", f.dateOfBirth, { required: true, type: "date", autoComplete: "bday" })}
        {ssnField("ssn", f.ssn)}
      </Section>

      <Section title={m.form.sections.employment}>
        {statusSelect("employmentStatus", f.employmentStatus, EMPLOYMENT_STATUSES)}
        {text("employer", f.employer, { autoComplete: "organization" })}
        {text("monthlyIncome", f.monthlyIncome, { required: true, inputMode: "decimal" })}
      </Section>

      <Section title={m.form.sections.vehicle}>
        {/* A hidden field, so the id goes with the form posted before or without JavaScript too. */}
        {vehicle ? <input type="hidden" name="vehicleId" value={vehicle.id} /> : null}
        {text("vehicleOfInterest", f.vehicleOfInterest, {
          placeholder: m.form.placeholders.vehicleOfInterest,
          // The shopper's own words after a refused post; else the vehicle's name.
          defaultValue: echoed ? echoed.vehicleOfInterest : vehicle?.name,
        })}
        {text("downPayment", f.downPayment, { inputMode: "decimal" })}
        <CheckboxField
          id="financing-hasTradeIn"
          label={f.hasTradeIn}
          {...register("hasTradeIn")}
          {...echoChecked("hasTradeIn")}
          value="true"
          wrapperClassName="sm:col-span-2"
        />
        <TextAreaField
          id="financing-tradeInDetails"
          label={f.tradeInDetails}
          placeholder={m.form.placeholders.tradeInDetails}
          {...register("tradeInDetails")}
          {...echo("tradeInDetails")}
          error={errorOf("tradeInDetails")}
          wrapperClassName="hidden sm:col-span-2 group-has-[#financing-hasTradeIn:checked]/financing:block"
        />
      </Section>

      <Section title={m.form.sections.documentation} single>
        {signature("signature")}
        {license("driverLicense")}
      </Section>

      <Section title={m.form.sections.coOwner} single>
        <CheckboxField
          id="financing-hasCoOwner"
          label={f.hasCoOwner}
          {...register("hasCoOwner")}
          {...echoChecked("hasCoOwner")}
          value="true"
          wrapperClassName="sm:col-span-2"
        />
      </Section>

      <div className="hidden space-y-8 group-has-[#financing-hasCoOwner:checked]/financing:block">
        <Section title={m.form.sections.coOwnerPersonal}>
          {text("coOwnerFirstName", f.coOwnerFirstName, { required: true, autoComplete: "off" })}
          {text("coOwnerLastName", f.coOwnerLastName, { required: true, autoComplete: "off" })}
          {text("coOwnerEmail", f.coOwnerEmail, { required: true, type: "email", autoComplete: "off" })}
          {text("coOwnerPhone", f.coOwnerPhone, { required: true, type: "tel", autoComplete: "off" })}
          {text("coOwnerDateOfBirth", f.coOwnerDateOfBirth, { required: true, type: "date", autoComplete: "off" })}
          {ssnField("coOwnerSsn", f.coOwnerSsn)}
        </Section>
        <Section title={m.form.sections.coOwnerEmployment}>
          {statusSelect("coOwnerEmploymentStatus", f.coOwnerEmploymentStatus, CO_OWNER_EMPLOYMENT_STATUSES)}
          {text("coOwnerEmployer", f.coOwnerEmployer, { autoComplete: "off" })}
          {text("coOwnerMonthlyIncome", f.coOwnerMonthlyIncome, { required: true, inputMode: "decimal" })}
        </Section>
        <Section title={m.form.sections.coOwnerDocumentation} single>
          {/* The co-applicant's own authorization and certification, which their signature confirms (decision 097). */}
          <CheckboxField
            id="financing-coOwnerCreditConsent"
            required
            label={
              <>
                {messages.privacy.coApplicantConsent.label(businessProfile.name)} <span aria-hidden="true">*</span>
              </>
            }
            {...register("coOwnerCreditConsent")}
            value="true"
            error={errorOf("coOwnerCreditConsent")}
          />
          {signature("coOwnerSignature")}
          {license("coOwnerDriverLicense")}
        </Section>
      </div>

      <div className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4">
        <CheckboxField
          id="financing-creditConsent"
          required
          label={
            <>
              {messages.privacy.creditConsent.label(businessProfile.name)} <span aria-hidden="true">*</span>
            </>
          }
          {...register("creditConsent")}
          value="true"
          error={errorOf("creditConsent")}
        />
        <PrivacyNotice />
      </div>

      <button type="submit" disabled={isSubmitting} className="button-primary button-lg w-full sm:w-auto">
        {isSubmitting ? m.form.submitting : m.form.submit}
      </button>
    </form>
  );
}

function Confirmation({ id, onAnother }: { id: string; onAnother: () => void }) {
  const m = useMessages().financing;
  const heading = useRef<HTMLHeadingElement>(null);
  const [downloading, setDownloading] = useState(false);
  // Rendered by the server after a post without JavaScript: plain links work there; once React runs,
  // the buttons fetch the PDF (and can say so when it fails, docs/behaviour.md §8) and reset the form in place.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    heading.current?.focus();
  }, []);
  const pdfUrl = `/api/financing/${id}/pdf`;
  const path = useLocalizedPath();

  const download = async () => {
    setDownloading(true);
    try {
      const res = await fetch(pdfUrl, { credentials: "include" });
      if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = `financing-application-${id}.pdf`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      toast({ title: m.toasts.downloadFailedTitle, description: m.toasts.downloadFailedText, variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  };

  const primary = "button-primary button-lg";
  const secondary = "button-secondary button-lg";
  return (
    <section
      aria-labelledby="financing-confirmation-title"
      className="rounded-xl border border-green-200 bg-green-50 p-6 text-center sm:p-10"
    >
      <h2 id="financing-confirmation-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-gray-900 outline-none">
        {m.confirmation.title}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-gray-800">{m.confirmation.text}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {hydrated ? (
          <>
            <button type="button" onClick={download} disabled={downloading} aria-busy={downloading || undefined} className={primary}>
              {m.confirmation.downloadPdf}
            </button>
            <button type="button" onClick={onAnother} className={secondary}>
              {m.confirmation.submitAnother}
            </button>
          </>
        ) : (
          <>
            <a href={pdfUrl} download={`financing-application-${id}.pdf`} className={primary}>
              {m.confirmation.downloadPdf}
            </a>
            <a href={path("/financing")} className={secondary}>
              {m.confirmation.submitAnother}
            </a>
          </>
        )}
      </div>
    </section>
  );
}

/** An input's name, from useZodForm's register. */
type Registration = { name: string };
type FieldName = keyof FinancingFormInput & string;
type TextOptions = {
  required?: boolean;
  defaultValue?: string;
  type?: "text" | "email" | "tel" | "date";
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "tel" | "email" | "text";
  placeholder?: string;
  /** Spans both columns. */
  wide?: boolean;
};

function Section({ title, single, children }: { title: string; single?: boolean; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-xl border border-gray-200 p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-gray-900">{title}</legend>
      <div className={`grid gap-4 ${single ? "" : "sm:grid-cols-2"}`}>{children}</div>
    </fieldset>
  );
}

function SsnField({ id, label, registration, error }: { id: string; label: string; registration: Registration; error?: string }) {
  const m = useMessages().financing.form;
  const [visible, setVisible] = useState(false);
  return (
    <FormField id={id} label={label} error={error} hint={m.ssnHint} required>
      {(control) => (
        <div className="flex gap-2">
          <input
            {...control}
            type={visible ? "text" : "password"}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={11}
            placeholder={m.placeholders.ssn}
            // Shown as 000-00-0000 while typing (before the form re-checks the field).
            onChange={(e) => void (e.target.value = formatSsn(e.target.value))}
            className={controlClass(error)}
            {...registration}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-controls={id}
            className="button-secondary button-sm mt-1 shrink-0"
          >
            {visible ? m.hideSsn : m.showSsn}
          </button>
        </div>
      )}
    </FormField>
  );
}
