import { hc, type ClientResponse } from 'hono/client';
import type { ApiType } from '#worker/app';

/** Typed client for /api; the session cookie travels with every call. */
export const api = hc<ApiType>('/api', { init: { credentials: 'same-origin' } });

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Awaits a call and returns its JSON; a non-success answer throws an ApiError carrying the
 * server's Norwegian message (or '{status}: {body or status text}' when there is none).
 */
export async function call<T>(request: Promise<ClientResponse<T>>): Promise<T> {
  const res = await request;
  if (res.ok) return (await res.json()) as T;
  const body = await res.text();
  let parsed: { error?: { code?: string; message?: string } } | undefined;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const message = parsed?.error?.message ?? `${res.status}: ${body || res.statusText}`;
  throw new ApiError(res.status, parsed?.error?.code, message);
}

export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;
