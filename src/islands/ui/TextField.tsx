import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
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
  rows,
  className,
  inputClassName = '',
  inputRef,
  ...input
}: InputProps & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  multiline?: boolean;
  /** The textarea's height in lines (multiline). */
  rows?: number;
  className?: string;
  inputClassName?: string;
  /** The input, e.g. to move focus to it (not the textarea). A named prop, so it reaches the input however the component is wrapped. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            rows={rows}
            className={`input min-h-20 ${inputClassName}`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...input}
            {...control}
            ref={inputRef}
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
