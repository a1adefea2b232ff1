import { bodyLimit } from 'hono/body-limit';
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from '#shared/constants';
import { AppError } from '#worker/errors';

const limit = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('payload_too_large', 413);
    },
  });

/**
 * What a sub-app's requests may carry, declared by the sub-app itself as its first `.use`, so it
 * holds however and wherever app.ts mounts it (a path list in app.ts did this before and broke
 * when a route moved). JSON and form bodies: `jsonLimit`.
 */
export const jsonLimit = limit(MAX_BODY_BYTES);
/** The admin's file upload and member import, which take a file. */
export const uploadLimit = limit(MAX_UPLOAD_BODY_BYTES);
/** The app's edge: no request carries more, whether or not its sub-app declared a limit. */
export const bodyCeiling = uploadLimit;
