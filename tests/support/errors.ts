import { expect } from 'vitest';
import type { ApiError } from '#shared/errors';

/** What a fetch's Response and the typed client's ClientResponse both have. */
type Answer = Pick<Response, 'status' | 'headers' | 'text'>;

/**
 * Asserts the API's one error shape: the status, JSON `{ error: { code, message } }` with a
 * Norwegian message (optionally the exact text or a pattern), and no stack trace or file path.
 */
export async function expectApiError(res: Answer, status: number, code: string, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await res.text();
  expect(text).not.toMatch(/\bat .*:\d+:\d+|\.(ts|js):\d+|node_modules|"stack"/);
  const body = JSON.parse(text) as ApiError;
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(/[a-zæøå]/i);
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  return body.error;
}
