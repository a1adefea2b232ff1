import type { ReactNode } from 'react';
import { Field } from './Field';

/**
 * A labelled select over a fixed vocabulary (`options`, each shown as `label(option)`), bound to
 * one of them, with its hint and error wired by Field.
 */
export function SelectField<T extends string>({
  label,
  value,
  onChange,
  options,
  optionLabel,
  error,
  hint,
  name,
}: {
  label: ReactNode;
  value: T;
  onChange: (value: T) => void;
  options: readonly T[];
  optionLabel: (option: T) => string;
  error?: string | null;
  hint?: ReactNode;
  name?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} name={name} className="input" value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
