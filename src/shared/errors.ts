import { ERROR_MESSAGES } from '#shared/copy/errors';

export { ERROR_MESSAGES };
/** Error codes the API answers with; each has a default Norwegian message in copy/errors.ts. */
export type ErrorCode = keyof typeof ERROR_MESSAGES;
export type ApiError = { error: { code: ErrorCode; message: string } };
