import { expect } from 'vitest';

/** An answer of the typed client (`t.api`, `t.as`): `json()` is typed by the route's `c.json`. */
export type TypedAnswer<T> = { status: number; json(): Promise<T> };

/** Asserts the typed client's answer has `status` (200 unless told) and returns its body, typed by the route. */
export async function bodyOf<T>(answer: TypedAnswer<T> | Promise<TypedAnswer<T>>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status).toBe(status);
  return res.json();
}
