import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isBusy } from '#db/errors';
import { ERROR_MESSAGES, type ErrorCode } from '#shared/errors';
import { AppError } from '#worker/errors';
import { logSafe } from './log-safe';

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

/**
 * The app's one `onError`: every failure becomes `{ error: { code, message } }`. Services throw
 * `AppError` (src/worker/errors.ts); Hono's own exceptions keep their client status; anything
 * else is logged and answered 500.
 */
export function errorResponse(err: Error, c: Context) {
  if (err instanceof AppError) {
    return c.json({ error: { code: err.code, message: err.message } }, err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    const code = HTTP_EXCEPTION_CODES[err.status] ?? 'validation_error';
    const status = err.status >= 500 ? 400 : err.status;
    return c.json({ error: { code, message: ERROR_MESSAGES[code] } }, status);
  }
  if (isBusy(err)) {
    // Another process held the database past the wait (db/busy.ts): nothing was saved, and
    // trying again shortly will work — the answer a client and a load balancer can act on.
    return c.json({ error: { code: 'database_busy', message: ERROR_MESSAGES.database_busy } }, 503, {
      'Retry-After': String(DATABASE_BUSY_RETRY_AFTER_S),
    });
  }
  console.error('Unhandled error', c.req.method, logSafe(c.req.path), err);
  return c.json({ error: { code: 'internal_error', message: ERROR_MESSAGES.internal_error } }, 500);
}
