import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
import { AppError } from '#worker/errors';
import { requireAdmin } from '#worker/http/guards';
import { mediaType } from '#worker/http/validate';
import { uploadFile } from './upload';
import { uploadLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** /api/admin/files: POST a multipart form with one `file` → 201 `{ file: { id, name, size, contentType } }`. */
export const fileUploadRoutes = new Hono<AppEnv>().use(uploadLimit, loadSession, requireAdmin).post('/', async (c) => {
  if (mediaType(c) !== 'multipart/form-data') throw new AppError('unsupported_media_type', 415);
  const form = await c.req.formData().catch(() => {
    throw new AppError('invalid_form', 400);
  });
  const file = form.get('file');
  if (!(file instanceof File)) throw new AppError('file_missing', 400);
  return c.json({ file: await uploadFile(c.var.deps, { actorId: c.var.user.id, file }) }, 201);
});
