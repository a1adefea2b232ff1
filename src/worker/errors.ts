import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_MESSAGES, type ErrorCode } from '#shared/errors';

/** The one way to fail: thrown anywhere, turned into `{ error: { code, message } }` by onError. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string = ERROR_MESSAGES[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message?: string) => new AppError('not_found', 404, message);
export const unauthenticated = () => new AppError('unauthenticated', 401);
export const forbidden = () => new AppError('forbidden', 403);
