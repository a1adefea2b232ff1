import type { z } from '#shared/zod';

/** Field errors by path ('title', 'pricing.discounted', 'resources.0.url'), the first message of each. */
export type FieldErrors = Record<string, string>;

/** A schema, full zod or zod/mini: both parse with `safeParse` (only the type of zod is imported here). */
type Schema = z.core.$ZodType & {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: z.core.$ZodError };
};

/**
 * Checks form values against the same shared schema the server uses, so the messages beside the
 * fields are the server's messages, before anything is sent.
 */
export function check<S extends Schema>(
  schema: S,
  value: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data as z.output<S>, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || 'form';
    errors[path] ??= issue.message;
  }
  return { data: null, errors };
}

/** A number field's text as the API wants it: empty → `empty`, anything else → a number (NaN is refused by the schema). */
export const numberOrEmpty = <E>(text: string, empty: E): number | E => (text.trim() === '' ? empty : Number(text));

/** Moves focus to the first field marked invalid, so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid(root: HTMLElement | null): void {
  root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** The fields of `next` whose values differ from `current` (compared as JSON), for a PATCH that sends only changes. */
function changedFields<T extends object>(next: T, current: object): Partial<T> {
  const was = current as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(was[key])),
  ) as Partial<T>;
}

/**
 * The request of a create-or-edit form: with no `current` record, the values checked against the
 * create schema and sent; otherwise checked against the patch schema and only the changed fields
 * sent. Returns the field errors instead when the check fails, and null when nothing changed.
 */
export function createOrPatch<C extends Schema, P extends Schema & z.core.$ZodType<object>, R>(
  current: object | null,
  create: { schema: C; values: unknown; send: (data: z.output<C>) => Promise<R> },
  patch: { schema: P; values: unknown; send: (changes: Partial<z.output<P>>) => Promise<R> },
): FieldErrors | Promise<R> | null {
  if (!current) {
    const checked = check(create.schema, create.values);
    return checked.errors ?? create.send(checked.data);
  }
  const checked = check(patch.schema, patch.values);
  if (checked.errors) return checked.errors;
  const changes = changedFields(checked.data, current);
  return Object.keys(changes).length === 0 ? null : patch.send(changes);
}

/** A field's binding: its value, its change handler and the error at its path, for TextField, SelectField … */
export type Bound<T> = { value: T; onChange: (value: T) => void; error?: string };

/**
 * Binds the fields of `values` to `setField`, with the error at each field's path in `errors`
 * (its own name unless `errorPath` says otherwise, e.g. 'pricing.original').
 */
export function binder<V extends object>(
  values: V,
  errors: FieldErrors | null,
  setField: <K extends keyof V>(key: K, value: V[K]) => void,
) {
  return <K extends keyof V & string>(key: K, errorPath: string = key): Bound<V[K]> => ({
    value: values[key],
    onChange: (value) => setField(key, value),
    error: errors?.[errorPath],
  });
}
