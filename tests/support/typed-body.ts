import type { InferResponseType } from 'hono/client';
import type { StatusCode } from 'hono/utils/http-status';
import { expect } from 'vitest';

/** An answer of the typed client (`t.api`, `t.as`): `json()` is typed by the route's `c.json`. */
export type TypedAnswer<T> = { status: number; json(): Promise<T> };

/**
 * The body of a typed client's answer, typed by its route, once its status is `status` (200
 * unless said): the success counterpart of expectApiError.
 */
export async function expectJson<T>(answer: TypedAnswer<T> | Promise<TypedAnswer<T>>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status).toBe(status);
  return res.json();
}

/**
 * For a request the typed client cannot make (a multipart upload, a raw body): asserts the raw
 * Response has `status` and returns its body typed as the typed client's `call` answers it, so
 * the test still breaks when the route's answer changes.
 */
export async function rawBodyOf<Call, S extends StatusCode>(
  res: Response,
  _call: Call,
  status: S,
): Promise<InferResponseType<Call, S>> {
  expect(res.status).toBe(status);
  return res.json();
}
