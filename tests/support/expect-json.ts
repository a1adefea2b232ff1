import { expect } from 'vitest';

/**
 * The body of a typed client's answer, typed by its route, once its status is `status` (200
 * unless said): the success counterpart of expectApiError.
 */
export async function expectJson<T>(res: { status: number; json(): Promise<T> }, status = 200): Promise<T> {
  expect(res.status).toBe(status);
  return res.json();
}
