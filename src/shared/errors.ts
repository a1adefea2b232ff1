import { ERROR_MESSAGES } from '#shared/copy/errors';

export { ERROR_MESSAGES };
/** Error codes the API answers with; each has a default Norwegian message in copy/errors.ts. */
export type ErrorCode = keyof typeof ERROR_MESSAGES;
/** `requestId`: the id in the answer's `X-Request-Id` and the server's log line, for a support request. */
export type ApiError = { error: { code: ErrorCode; message: string; requestId: string } };
