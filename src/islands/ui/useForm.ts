import { useState } from 'react';
import { binder } from '#browser/forms';
import { useFormSubmit } from './FormDialog';

/** The keys of `V` whose values are booleans (the checkboxes). */
type FlagKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V];

/**
 * A form's values as one object (not a useState per field), with its save cycle (useFormSubmit).
 * `bind(key)` gives a text field or select its value, change handler and error; `flag(key)` gives a
 * checkbox its state. The errors are the shared schema's Norwegian messages by path: the request
 * step checks the values with the schema the server parses (`check`, `createOrPatch`), and
 * `submit` shows what it found beside each field.
 */
export function useForm<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const save = useFormSubmit();
  const set = (change: Partial<V>) => setValues((current) => ({ ...current, ...change }));
  const setField = <K extends keyof V>(key: K, value: V[K]) => setValues((current) => ({ ...current, [key]: value }));
  const flag = <K extends FlagKey<V>>(key: K) => ({
    checked: values[key] as boolean,
    onChange: (checked: boolean) => setField(key, checked as V[K]),
  });
  return { values, set, bind: binder(values, save.errors, setField), flag, ...save };
}
