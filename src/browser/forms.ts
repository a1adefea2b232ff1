import type { z } from '#shared/zod';

/** Field errors by path ('title', 'pricing.discounted', 'resources.0.url'), the first message of each. */
export type FieldErrors = Record<string, string>;

/**
 * Checks form values against the same shared schema the server uses, so the messages beside the
 * fields are the server's messages, before anything is sent.
 */
export function check<S extends z.ZodType>(schema: S, value: unknown): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, errors: null };
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
export function changedFields<T extends object>(next: T, current: object): Partial<T> {
  const was = current as Record<string, unknown>;
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(was[key]))) as Partial<T>;
}
