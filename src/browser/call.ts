import type { ClientResponse } from 'hono/client';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** The server's id of the request (its log line, `X-Request-Id`), for a support request. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Awaits a call to the API and returns its JSON; a non-success answer throws an ApiError
 * carrying the server's Norwegian message (or '{status}: {body or status text}' when there is
 * none). Takes the typed client's calls (`api.…`, browser/api.ts) or, where a page cannot
 * afford that client (the landing), a plain fetch whose answer type is named.
 */
export async function call<T>(request: Promise<ClientResponse<T>>): Promise<T>;
export async function call<T>(request: Promise<Response>): Promise<T>;
export async function call<T>(request: Promise<Response>): Promise<T> {
  const res = await request;
  if (res.ok) return (await res.json()) as T;
  const body = await res.text();
  let parsed: { error?: { code?: string; message?: string; requestId?: string } } | undefined;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const message = parsed?.error?.message ?? `${res.status}: ${body || res.statusText}`;
  throw new ApiError(
    res.status,
    parsed?.error?.code,
    message,
    parsed?.error?.requestId ?? res.headers.get('x-request-id') ?? undefined,
  );
}

export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
