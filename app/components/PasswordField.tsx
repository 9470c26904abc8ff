import type { RefObject } from 'react';
import 'virtual:messages/en/common';

/** The sign-up's password rule, as the pages word it under a new password (a message id: `t(PASSWORD_RULE)`). */
export const PASSWORD_RULE = 'common.password.rule';
/** A confirmation that differs from the new password, the sign-up page's words (a message id). */
export const MISMATCH = 'common.password.mismatch';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** The message under the field; the field is then invalid and described by it. */
  error?: string;
  /** The rule under the field (read with it). */
  hint?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** One password input of the account pages: its label, its rule and its error, each tied to it. */
export function PasswordField({ id, label, value, onChange, autoComplete, error, hint, inputRef }: PasswordFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type="password"
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
