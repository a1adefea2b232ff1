import type { Ref } from 'react';
import { login } from '#shared/copy/auth';
import { Field } from './Field';

/** The sign-in forms' e-mail field (`name="email"`, read from the form on submit). */
export default function EmailField({
  error,
  inputRef,
  defaultValue,
  autoFocus,
}: {
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  defaultValue?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field label={login.emailLabel} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder={login.emailPlaceholder}
          className="input"
          defaultValue={defaultValue}
          autoFocus={autoFocus}
        />
      )}
    </Field>
  );
}
