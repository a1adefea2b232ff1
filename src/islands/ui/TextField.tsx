import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

/**
 * A labelled text input (or, `multiline`, a textarea) bound to a string, with its hint and error
 * wired by Field. Other input attributes (type, inputMode, min, maxLength, placeholder …) pass through.
 */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  multiline = false,
  className,
  inputClassName = '',
  ...input
}: InputProps & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  multiline?: boolean;
  className?: string;
  inputClassName?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            className={`input min-h-20 ${inputClassName}`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...input}
            {...control}
            className={`input ${inputClassName}`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}

/** The attributes of a whole-number input. */
export const WHOLE_NUMBER = { type: 'number', inputMode: 'numeric', step: 1 } as const;
