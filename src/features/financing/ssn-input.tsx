import { useEffect, useState } from "react";
import { formatSsn } from "./financing-fields";

export type SsnInputProps = {
  id: string;
  name: string;
  className: string;
  placeholder: string;
  show: string;
  hide: string;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
};

/**
 * The SSN's input and its Show/Hide button: an island (decision 153). Its props never carry the number
 * (the server never sends it back either). Before it hydrates, and with JavaScript off, it is a password
 * field that takes the digits with or without dashes (the server reads both), and the button, which
 * needs JavaScript, is not shown: its place is kept so nothing moves when it appears (decision 125).
 */
export function SsnInput({ id, name, className, placeholder, show, hide, describedBy, invalid, autoFocus }: SsnInputProps) {
  const [visible, setVisible] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="flex gap-2">
      <input
        id={id}
        name={name}
        type={visible ? "text" : "password"}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={11}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 153)
        autoFocus={autoFocus}
        // Shown as 000-00-0000 while typing (the server re-checks the field).
        onChange={(e) => void (e.target.value = formatSsn(e.target.value))}
        className={className}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-controls={id}
        className={`button-secondary button-sm mt-1 shrink-0 ${hydrated ? "" : "invisible"}`}
      >
        {visible ? hide : show}
      </button>
    </div>
  );
}
