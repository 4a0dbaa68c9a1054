import type { ReactNode } from "react";
import { businessProfile } from "~/shared/config/business-profile";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { CheckboxField, controlClass, FormField, SelectField, TextAreaField, TextField } from "~/shared/ui/form-field";
import { Island } from "~/shared/ui/island";
import { PrivacyNotice } from "~/shared/ui/privacy-notice";
import {
  CO_OWNER_EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUSES,
  LICENSE_FILE_INPUT,
  LICENSE_MAX_MB,
  TYPED_SIGNATURE_INPUT,
  type FinancingPostResult,
} from "./financing-fields";
import { LicenseUpload, SignaturePad, SsnInput } from "./financing-islands";
import type { FinancingFormInput } from "./financing-schema";

/**
 * The financing application (docs/behaviour.md §2, §4, §5): a plain multipart form posted to the page's
 * route action, which checks the same schema as POST /api/financing and calls the same service (decision
 * 062); the page answers with the field messages or the confirmation (decision 153). Only the parts that
 * need JavaScript are islands: the SSN's Show/Hide, the signature pads and the license previews. Without
 * JavaScript each signature is the typed name and each license the chosen file.
 */
/** `vehicle`: the stock vehicle whose page opened the form ("Apply for Financing"); the application names it. */
export function FinancingForm({
  action,
  posted,
  vehicle,
}: {
  action: string;
  posted?: FinancingPostResult;
  vehicle?: FinancingVehicle | null;
}) {
  if (posted?.kind === "submitted") return <Confirmation id={posted.id} />;
  return <ApplicationForm action={action} posted={posted} vehicle={vehicle} />;
}

type ApplicationFormProps = {
  /** The page route whose action takes the form. */
  action: string;
  posted?: Exclude<FinancingPostResult, { kind: "submitted" }>;
  vehicle?: FinancingVehicle | null;
};

/** The vehicle a page passes in: its id goes with the application, its name fills the free-text field. */
export type FinancingVehicle = { id: string; name: string };

function ApplicationForm({ action, posted, vehicle }: ApplicationFormProps) {
  const messages = useMessages();
  const m = messages.financing;
  const f = m.form.fields;
  const errors = posted?.kind === "invalid" ? posted.fieldErrors : {};
  const echoed = posted?.kind === "invalid" ? posted.values : undefined;
  const errorOf = (name: FieldName) => errors[name];
  // The first field with a message takes the focus when the page loads (the fields render in this order).
  let focusTaken = false;
  const focusIfFirst = (name: FieldName) => {
    if (focusTaken || !errors[name]) return undefined;
    focusTaken = true;
    return true;
  };
  const echo = (name: string) => (echoed?.[name] === undefined ? {} : { defaultValue: echoed[name] });
  const echoChecked = (name: string) => (echoed ? { defaultChecked: echoed[name] !== undefined } : {});

  const text = (name: FieldName, label: string, { wide, ...options }: TextOptions = {}) => (
    <TextField
      id={`financing-${name}`}
      label={label}
      name={name}
      {...echo(name)}
      error={errorOf(name)}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 153)
      autoFocus={focusIfFirst(name)}
      wrapperClassName={wide ? "sm:col-span-2" : undefined}
      {...options}
    />
  );
  // Never echoed, never in the island's props: the number is typed again after a refused post.
  const ssnField = (name: "ssn" | "coOwnerSsn", label: string) => {
    const error = errorOf(name);
    const autoFocus = focusIfFirst(name);
    return (
      <FormField id={`financing-${name}`} label={label} error={error} hint={m.form.ssnHint} required>
        {(control) => (
          <Island
            name="ssn-input"
            view={SsnInput}
            props={{
              id: control.id,
              name,
              className: controlClass(error),
              placeholder: m.form.placeholders.ssn,
              show: m.form.showSsn,
              hide: m.form.hideSsn,
              describedBy: control["aria-describedby"],
              invalid: control["aria-invalid"],
              autoFocus,
            }}
          />
        )}
      </FormField>
    );
  };
  const signature = (name: "signature" | "coOwnerSignature") => {
    const pad = m.signaturePad;
    return (
      <Island
        name="signature-pad"
        view={SignaturePad}
        props={{
          id: `financing-${name}`,
          label: f[name],
          name,
          typedInputName: TYPED_SIGNATURE_INPUT[name],
          error: errorOf(name),
          autoFocus: focusIfFirst(name),
          text: {
            drawHint: pad.drawHint,
            noScript: pad.noScript,
            canvasLabel: pad.canvasLabel(f[name]),
            clear: pad.clear,
            signed: pad.signed,
            typedLabel: pad.typedLabel,
            useTyped: pad.useTyped,
          },
        }}
      />
    );
  };
  const license = (name: "driverLicense" | "coOwnerDriverLicense") => {
    const [before = "", after = ""] = m.license.pdfSelected("\u0000").split("\u0000");
    return (
      <Island
        name="license-upload"
        view={LicenseUpload}
        props={{
          id: `financing-${name}`,
          label: f[name],
          name: LICENSE_FILE_INPUT[name],
          error: errorOf(name),
          autoFocus: focusIfFirst(name),
          text: {
            hint: m.license.hint(LICENSE_MAX_MB),
            tooLarge: m.validation.fileTooLarge(LICENSE_MAX_MB),
            wrongType: m.validation.licenseType,
            previewAlt: m.license.previewAlt(f[name]),
            pdfSelected: [before, after],
            remove: m.license.remove,
          },
        }}
      />
    );
  };
  const statusSelect = (name: "employmentStatus" | "coOwnerEmploymentStatus", label: string, statuses: readonly string[]) => (
    <SelectField
      id={`financing-${name}`}
      label={label}
      name={name}
      {...echo(name)}
      required
      error={errorOf(name)}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 153)
      autoFocus={focusIfFirst(name)}
      placeholder={m.form.selectStatus}
      options={statuses.map((s) => ({ value: s, label: (m.form.employmentOptions as Record<string, string>)[s] ?? s }))}
    />
  );
  const checkbox = (name: FieldName) => ({ name, value: "true", error: errorOf(name), autoFocus: focusIfFirst(name) });

  return (
    // A plain multipart post before or without JavaScript: the answers never go into the URL.
    // The trade-in and co-owner sections open with their boxes by CSS (:has), with or without JavaScript.
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      // The server's messages, in the page's language, rather than the browser's.
      noValidate
      aria-labelledby="financing-form-title"
      className="group/financing space-y-8"
    >
      <div>
        <h2 id="financing-form-title" className="text-2xl font-bold text-gray-900">
          {m.form.title}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{m.form.requiredNote}</p>
      </div>
      {posted ? (
        // Focused as the page loads when no field with a message is (a refusal, a post too large).
        <div
          role="alert"
          {...(Object.keys(errors).length ? {} : { tabIndex: -1, autoFocus: true })}
          className="rounded-md border border-red-700 bg-red-50 p-4 text-sm font-medium text-red-900 outline-none"
        >
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
          {...checkbox("hasTradeIn")}
          {...echoChecked("hasTradeIn")}
          wrapperClassName="sm:col-span-2"
        />
        <TextAreaField
          id="financing-tradeInDetails"
          label={f.tradeInDetails}
          placeholder={m.form.placeholders.tradeInDetails}
          name="tradeInDetails"
          {...echo("tradeInDetails")}
          error={errorOf("tradeInDetails")}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 153)
          autoFocus={focusIfFirst("tradeInDetails")}
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
          {...checkbox("hasCoOwner")}
          {...echoChecked("hasCoOwner")}
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
            {...checkbox("coOwnerCreditConsent")}
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
          {...checkbox("creditConsent")}
        />
        <PrivacyNotice />
      </div>

      {/* The page's inline script lets the form post once and shows the pending label meanwhile (decision 152). */}
      <button type="submit" data-pending-label={m.form.submitting} className="button-primary button-lg w-full sm:w-auto">
        {m.form.submit}
      </button>
    </form>
  );
}

/**
 * The answer to an accepted application: the PDF copy (the cookie set with this answer lets this browser
 * download it) and another application, both plain links. The heading takes the focus as the page loads.
 */
function Confirmation({ id }: { id: string }) {
  const m = useMessages().financing;
  const path = useLocalizedPath();
  return (
    <section
      aria-labelledby="financing-confirmation-title"
      className="rounded-xl border border-green-200 bg-green-50 p-6 text-center sm:p-10"
    >
      <h2
        id="financing-confirmation-title"
        tabIndex={-1}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 153)
        autoFocus
        className="text-2xl font-bold text-gray-900 outline-none"
      >
        {m.confirmation.title}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-gray-800">{m.confirmation.text}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <a href={`/api/financing/${id}/pdf`} download={`financing-application-${id}.pdf`} className="button-primary button-lg">
          {m.confirmation.downloadPdf}
        </a>
        <a href={path("/financing")} className="button-secondary button-lg">
          {m.confirmation.submitAnother}
        </a>
      </div>
    </section>
  );
}

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
