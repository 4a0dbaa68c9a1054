import { useRef, useState, type Ref } from "react";
import { useMessages } from "~/shared/i18n/messages";
import { LICENSE_MAX_BYTES, LICENSE_MAX_MB, isAcceptedLicenseType } from "./financing-fields";

const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";

type LicenseUploadProps = {
  id: string;
  label: string;
  /** The file as a data URL, or "" when none. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The file input's form name: posted without JavaScript, the file goes up as multipart. */
  fileInputName: string;
};

/** Driver's license: an image or a PDF read as a data URL, with a preview and a clear size-limit message. */
export function LicenseUpload({ id, label, value, onChange, error, inputRef, fileInputName }: LicenseUploadProps) {
  const m = useMessages().financing;
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [fileName, setFileName] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? error;

  const reject = (message: string) => {
    setLocalError(message);
    setFileName("");
    onChange("");
    if (fileInput.current) fileInput.current.value = "";
  };

  const onFile = (file: File | undefined) => {
    setLocalError(null);
    if (!file) return;
    if (file.size > LICENSE_MAX_BYTES) return reject(m.validation.fileTooLarge(LICENSE_MAX_MB));
    if (!isAcceptedLicenseType(file.type)) return reject(m.validation.licenseType);
    const reader = new FileReader();
    reader.onload = () => {
      setFileName(file.name);
      onChange(typeof reader.result === "string" ? reader.result : "");
    };
    reader.onerror = () => reject(m.license.readFailed);
    reader.readAsDataURL(file);
  };

  const remove = () => {
    setFileName("");
    setLocalError(null);
    onChange("");
    if (fileInput.current) {
      fileInput.current.value = "";
      fileInput.current.focus();
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isImage = value.startsWith("data:image/");
  return (
    <div className="min-w-0">
      <div className="flex gap-1 text-sm font-medium text-gray-900">
        <label htmlFor={id}>{label}</label>
        <span aria-hidden="true">*</span>
      </div>
      <p id={hintId} className="mt-1 text-sm text-gray-700">
        {m.license.hint(LICENSE_MAX_MB)}
      </p>
      <input
        id={id}
        ref={(node) => {
          fileInput.current = node;
          if (typeof inputRef === "function") inputRef(node);
          else if (inputRef) inputRef.current = node;
        }}
        type="file"
        name={fileInputName}
        accept={ACCEPT}
        onChange={(e) => onFile(e.target.files?.[0])}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
        className="mt-2 block w-full text-sm text-gray-900 file:mr-3 file:rounded-md file:border-0 file:bg-gray-900 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-gray-800 focus-visible:outline-2 focus-visible:outline-red-700"
      />
      {shownError ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {shownError}
        </p>
      ) : null}
      {value ? (
        <div className="mt-3 flex flex-wrap items-start gap-3">
          {isImage ? (
            <img
              src={value}
              alt={m.license.previewAlt(label)}
              className="max-h-40 max-w-full rounded-md border border-gray-300 object-contain"
            />
          ) : (
            <p className="text-sm text-gray-800">{m.license.pdfSelected(fileName)}</p>
          )}
          <button type="button" onClick={remove} className="button-secondary button-sm">
            {m.license.remove}
          </button>
        </div>
      ) : null}
    </div>
  );
}
