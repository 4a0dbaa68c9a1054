import { useEffect, useRef, useState } from "react";
import { LICENSE_MAX_BYTES, isAcceptedLicenseType } from "./financing-fields";

const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";

export type LicenseUploadProps = {
  id: string;
  label: string;
  /** The file input's form name: the file goes up with the form as a multipart part. */
  name: string;
  error?: string;
  autoFocus?: boolean;
  /**
   * Its words in the page's language. `pdfSelected` is said around the file's name (`[before, after]`): the
   * props are JSON, so the catalogue's function cannot come along.
   */
  text: { hint: string; tooLarge: string; wrongType: string; previewAlt: string; pdfSelected: [string, string]; remove: string };
};

/**
 * Driver's license, an island (decision 153): a file input posted with the form. Once hydrated it refuses a
 * file over the limit or of another kind at once, and shows a preview (or the PDF's name) with a Remove
 * button. Before it hydrates, and with JavaScript off, it is the plain file input, and the server says what
 * is wrong with the file.
 */
export function LicenseUpload({ id, label, name, error, autoFocus, text: m }: LicenseUploadProps) {
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [chosen, setChosen] = useState<{ name: string; url: string | null } | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? error;

  const empty = () => {
    setChosen(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const onFile = (file: File | undefined) => {
    setLocalError(null);
    if (!file) return setChosen(null);
    if (file.size > LICENSE_MAX_BYTES) return void (setLocalError(m.tooLarge), empty());
    if (!isAcceptedLicenseType(file.type)) return void (setLocalError(m.wrongType), empty());
    setChosen({ name: file.name, url: file.type.startsWith("image/") ? URL.createObjectURL(file) : null });
  };

  // A file chosen before the island hydrated is checked and shown as well.
  useEffect(() => onFile(fileInput.current?.files?.[0]), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on hydration
  // The preview's object URL is let go when it changes or the island goes.
  useEffect(() => () => void (chosen?.url && URL.revokeObjectURL(chosen.url)), [chosen]);

  const remove = () => {
    setLocalError(null);
    empty();
    fileInput.current?.focus();
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="min-w-0">
      <div className="flex gap-1 text-sm font-medium text-gray-900">
        <label htmlFor={id}>{label}</label>
        <span aria-hidden="true">*</span>
      </div>
      <p id={hintId} className="mt-1 text-sm text-gray-700">
        {m.hint}
      </p>
      <input
        id={id}
        ref={fileInput}
        type="file"
        name={name}
        accept={ACCEPT}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 153)
        autoFocus={autoFocus}
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
      {chosen ? (
        <div className="mt-3 flex flex-wrap items-start gap-3">
          {chosen.url ? (
            <img src={chosen.url} alt={m.previewAlt} className="max-h-40 max-w-full rounded-md border border-gray-300 object-contain" />
          ) : (
            <p className="text-sm text-gray-800">{m.pdfSelected.join(chosen.name)}</p>
          )}
          <button type="button" onClick={remove} className="button-secondary button-sm">
            {m.remove}
          </button>
        </div>
      ) : null}
    </div>
  );
}
