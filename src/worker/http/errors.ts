import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isBusy } from '#db/errors';
import { ERROR_MESSAGES, type ErrorCode } from '#shared/errors';
import type { AppEnv } from '#worker/context';
import { AppError } from '#worker/errors';
import { requestIdFor } from '#worker/ops/request-id';
import { routePattern } from '#worker/ops/route-pattern';

const HTTP_EXCEPTION_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_json',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** Seconds a client is asked to wait after 503 `database_busy`. */
const DATABASE_BUSY_RETRY_AFTER_S = 5;

/** Work after the answer: the request's waitUntil on Workers; on Node (no execution context) the promise just runs on. */
function inBackground(c: Context, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // Node: nothing holds the process for it, and nothing needs to.
  }
}

/**
 * The app's one `onError`: every failure becomes `{ error: { code, message, requestId } }`.
 * Services throw `AppError` (src/worker/errors.ts); Hono's own exceptions keep their client
 * status; anything else is logged as one line, reported to Sentry without holding the answer,
 * and answered 500.
 */
export function errorResponse(err: Error, c: Context<AppEnv>) {
  // Set by the first middleware; an error before it (none is expected) still gets an id.
  const requestId = c.var.requestId ?? requestIdFor(c.req.raw.headers);
  const body = (code: ErrorCode, message: string = ERROR_MESSAGES[code]) => ({ error: { code, message, requestId } });
  if (err instanceof AppError) {
    return c.json(body(err.code, err.message), err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    const code = HTTP_EXCEPTION_CODES[err.status] ?? 'validation_error';
    const status = err.status >= 500 ? 400 : err.status;
    return c.json(body(code), status);
  }
  if (isBusy(err)) {
    // Another process held the database past the wait (db/busy.ts): nothing was saved, and
    // trying again shortly will work — the answer a client and a load balancer can act on.
    return c.json(body('database_busy'), 503, { 'Retry-After': String(DATABASE_BUSY_RETRY_AFTER_S) });
  }
  const report = c.var.deps.telemetry.error(err, {
    requestId,
    method: c.req.method,
    route: routePattern(c),
    ...(c.var.user?.id && { userId: c.var.user.id }),
  });
  inBackground(c, report);
  return c.json(body('internal_error'), 500);
}
